import { Dexie } from 'dexie';
import type { ClinicDb, LocalDiagnosis, LocalPainMarker } from '../../db/clinic-db';
import { type LiveQueryResult, useLiveQuery } from '../../db/use-live-query';
import { localDb } from '../runtime';

const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Newest first: by date, then by when it was entered. */
export const compareDiagnoses = (a: LocalDiagnosis, b: LocalDiagnosis) => order(b.date, a.date) || order(b.createdAt, a.createdAt);

/** The latest live diagnoses through the date index, reading only as many rows as are shown. */
export async function queryLatestDiagnoses(db: ClinicDb, limit: number): Promise<LocalDiagnosis[]> {
  const rows = await db.diagnoses.orderBy('date').reverse().filter((d) => !d.deleted).limit(limit).toArray();
  return rows.sort(compareDiagnoses);
}

/** One customer's live diagnoses, newest first (the chart, the pain history). */
export async function queryCustomerDiagnoses(db: ClinicDb, customerId: string): Promise<LocalDiagnosis[]> {
  const rows = await db.diagnoses.where('[customerId+date]').between([customerId, Dexie.minKey], [customerId, Dexie.maxKey]).toArray();
  return rows.filter((d) => !d.deleted).sort(compareDiagnoses);
}

/** The live markers of one diagnosis, by their number. */
export async function queryMarkers(db: ClinicDb, diagnosisId: string): Promise<LocalPainMarker[]> {
  const rows = await db.painMarkers.where('diagnosisId').equals(diagnosisId).toArray();
  return rows.filter((m) => !m.deleted).sort((a, b) => a.number - b.number);
}

/**
 * How many live diagnoses the device holds (the dashboard's count) without reading them: a pull removes
 * deleted ones from the device, so the only tombstones are this device's own deletes not yet confirmed,
 * which are pending.
 */
export async function countDiagnoses(db: ClinicDb): Promise<number> {
  const [all, deletedHere] = await Promise.all([
    db.diagnoses.count(),
    db.diagnoses.where('pending').equals(1).filter((d) => d.deleted).count(),
  ]);
  return all - deletedHere;
}

export function useCustomerDiagnoses(customerId: string | null): LiveQueryResult<LocalDiagnosis[]> {
  return useLiveQuery(['diagnoses'], async () => (customerId ? queryCustomerDiagnoses(localDb, customerId) : []), [customerId]);
}

export function useMarkers(diagnosisId: string | null): LiveQueryResult<LocalPainMarker[]> {
  return useLiveQuery(['painMarkers'], async () => (diagnosisId ? queryMarkers(localDb, diagnosisId) : []), [diagnosisId]);
}
