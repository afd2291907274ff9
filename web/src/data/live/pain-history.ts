import { spotRegionId, type PainRecord } from '@clinic/sync-protocol/body';
import type { ClinicDb, LocalDiagnosis, LocalPainMarker } from '../clinic-db';
import { type LiveRead, useLiveRead } from '../live-read';
import { localDb } from '../local-db';
import { queryCustomerDiagnoses } from './diagnoses';

/** A diagnosis with its live markers, by their number. */
export type DiagnosisWithMarkers = { diagnosis: LocalDiagnosis; markers: LocalPainMarker[] };

/**
 * One customer's live diagnoses, newest first, each with its live markers. The markers are read
 * through the diagnosisId index for these diagnoses only, never the device's whole marker table
 * (10,000 records hold tens of thousands of markers), and in one read transaction so a record and
 * its markers are seen as they were stored together.
 */
export async function queryCustomerPainHistory(db: ClinicDb, customerId: string): Promise<DiagnosisWithMarkers[]> {
  return db.transaction('r', [db.diagnoses, db.painMarkers], async () => {
    const diagnoses = await queryCustomerDiagnoses(db, customerId);
    if (diagnoses.length === 0) return [];
    const rows = await db.painMarkers
      .where('diagnosisId')
      .anyOf(diagnoses.map((d) => d.id))
      .toArray();
    const byDiagnosis = new Map<string, LocalPainMarker[]>();
    for (const marker of rows) {
      if (marker.deleted) continue;
      byDiagnosis.set(marker.diagnosisId, [...(byDiagnosis.get(marker.diagnosisId) ?? []), marker]);
    }
    return diagnoses.map((diagnosis) => ({
      diagnosis,
      markers: (byDiagnosis.get(diagnosis.id) ?? []).sort((a, b) => a.number - b.number),
    }));
  });
}

/** The customer's pain history, kept current as their records or any marker change. */
export function useCustomerPainHistory(customerId: string | null): LiveRead<DiagnosisWithMarkers[]> {
  return useLiveRead(async () => (customerId ? queryCustomerPainHistory(localDb, customerId) : []), [customerId]);
}

/** The shape the shared pain rules (chronic areas, region histories) take: date and markers only. */
export function toPainRecords(history: readonly DiagnosisWithMarkers[]): PainRecord[] {
  return history.map(({ diagnosis, markers }) => ({
    date: diagnosis.date,
    // A spot on the midline reads as the middle region however an older version stored it.
    markers: markers.map(({ region, x, painLevel, resolved }) => ({
      region: spotRegionId(region, x),
      painLevel,
      resolved,
    })),
  }));
}
