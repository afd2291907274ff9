import type { Customer, Diagnosis, PainMarker } from '@clinic/sync-protocol';
import { applyPull } from '../../sync/apply-pull';
import { customerCache } from '../../data';
import { localDb } from '../../data/local-db';
import { pullOf, serverDiagnosis, serverMarker, synced } from '../../test-utils/sync-fixtures';
import type { LocalDiagnosis, LocalPainMarker } from '../../data/clinic-db';

export const id = (n: number) => `0193a3f0-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A record as the device holds it once the server has it. */
export const localDiagnosis = (fields: Partial<Diagnosis> & { id: string; customerId: string }): LocalDiagnosis =>
  synced(serverDiagnosis(fields));
export const localMarker = (fields: Partial<PainMarker> & { id: string; diagnosisId: string }): LocalPainMarker =>
  synced(serverMarker(fields));

/** Rows as a pull from the server lands them (customers' tombstones kept, as the device keeps them). */
export async function seed(changes: { customers?: Customer[]; diagnoses?: Diagnosis[]; painMarkers?: PainMarker[] }) {
  await applyPull(localDb, pullOf({ changes }), 'staff1');
  await customerCache.settled();
}
