import type { LocalPainMarker } from '../../../data/clinic-db';
import type { DiagnosisWithMarkers } from '../../../data/live';
import { serverDiagnosis, serverMarker, synced } from '../../../test-utils/sync-fixtures';

export const CUSTOMER = '0193a3f0-0000-4000-8000-000000000001';
export const uuid = (n: number) => `0193a3f0-0000-4000-8000-${String(n).padStart(12, '0')}`;

export type MarkerSpec = { region: string; level: number; resolved?: boolean; view?: 'front' | 'back' };

/** A pain marker as the device holds it (the position matters only to the maps). */
export function marker(id: string, diagnosisId: string, n: number, spec: MarkerSpec): LocalPainMarker {
  return synced(
    serverMarker({
      id,
      diagnosisId,
      number: n,
      view: spec.view ?? (spec.region.startsWith('back.') ? 'back' : 'front'),
      region: spec.region,
      // Off the midline, where a spot is in the half its region names (on it, it is the middle region).
      x: 30,
      painLevel: spec.level,
      resolved: spec.resolved ?? false,
    }),
  );
}

/** Record `n` (its markers numbered 1..99 after it), as the pain-history hook gives them. */
export function record(n: number, date: string, specs: readonly MarkerSpec[]): DiagnosisWithMarkers {
  const id = uuid(100_000 + n * 100);
  return {
    diagnosis: synced(serverDiagnosis({ id, customerId: CUSTOMER, date, createdAt: `${date}T01:00:00.000Z` })),
    markers: specs.map((spec, i) => marker(uuid(100_000 + n * 100 + i + 1), id, i + 1, spec)),
  };
}
