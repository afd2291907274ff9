import { Dexie } from 'dexie';
import type { ClinicDb, LocalDiagnosis, LocalPainMarker } from '../clinic-db';
import { type LiveRead, useLiveRead } from '../live-read';
import { localDb } from '../local-db';

const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Newest first: by date, then by when it was entered. */
export const compareDiagnoses = (a: LocalDiagnosis, b: LocalDiagnosis) =>
  order(b.date, a.date) || order(b.createdAt, a.createdAt);

/**
 * The latest live diagnoses through the date index. A reversed or filtered read walks a cursor, one
 * round trip to the database per row (on a tablet, most of a second for a screenful), so: the date of
 * the limit-th newest record in one skip, then every record from that date on in one read.
 */
export async function queryLatestDiagnoses(db: ClinicDb, limit: number): Promise<LocalDiagnosis[]> {
  const [cutoff] = await db.diagnoses
    .orderBy('date')
    .reverse()
    .offset(limit - 1)
    .limit(1)
    .keys();
  const rows =
    cutoff === undefined
      ? await db.diagnoses.toArray()
      : await db.diagnoses.where('date').aboveOrEqual(cutoff).toArray();
  const live = rows.filter((d) => !d.deleted).sort(compareDiagnoses);
  if (live.length >= limit || cutoff === undefined) return live.slice(0, limit);
  // Records this device deleted (not yet confirmed) were among the newest: older ones fill their places.
  const walked = await db.diagnoses
    .orderBy('date')
    .reverse()
    .filter((d) => !d.deleted)
    .limit(limit)
    .toArray();
  return walked.sort(compareDiagnoses);
}

/** One customer's live diagnoses, newest first (the chart, the pain history). */
export async function queryCustomerDiagnoses(db: ClinicDb, customerId: string): Promise<LocalDiagnosis[]> {
  const rows = await db.diagnoses
    .where('[customerId+date]')
    .between([customerId, Dexie.minKey], [customerId, Dexie.maxKey])
    .toArray();
  return rows.filter((d) => !d.deleted).sort(compareDiagnoses);
}

/** The live markers of one diagnosis, by their number. */
export async function queryMarkers(db: ClinicDb, diagnosisId: string): Promise<LocalPainMarker[]> {
  const rows = await db.painMarkers.where('diagnosisId').equals(diagnosisId).toArray();
  return rows.filter((m) => !m.deleted).sort((a, b) => a.number - b.number);
}

/** The markers of several diagnoses, and whether any of them waits to be sent (a deleted one included). */
export type MarkerSet = { markers: LocalPainMarker[]; pending: boolean };

/**
 * The markers of the diagnoses a list shows, through the diagnosisId index: never every marker of the
 * device. Each diagnosis gets its live markers by number; `pending` also counts a marker
 * deleted here and not yet confirmed, so its record still shows 未同期.
 */
export async function queryMarkerSets(db: ClinicDb, diagnosisIds: readonly string[]): Promise<Map<string, MarkerSet>> {
  const sets = new Map<string, MarkerSet>(diagnosisIds.map((id) => [id, { markers: [], pending: false }]));
  if (diagnosisIds.length === 0) return sets;
  // One read per record, all sent at once in one transaction: anyOf() would walk a cursor, a round trip
  // per marker, and a transaction per read costs more than the read on a tablet.
  const lists = await db.transaction('r', db.painMarkers, () =>
    Promise.all(diagnosisIds.map((id) => db.painMarkers.where('diagnosisId').equals(id).toArray())),
  );
  for (const row of lists.flat()) {
    const set = sets.get(row.diagnosisId);
    if (!set) continue;
    if (row.pending === 1) set.pending = true;
    if (!row.deleted) set.markers.push(row);
  }
  for (const set of sets.values()) set.markers.sort((a, b) => a.number - b.number);
  return sets;
}

/**
 * How many live diagnoses the device holds (the dashboard's count) without reading them: a pull removes
 * deleted ones from the device, so the only tombstones are this device's own deletes not yet confirmed,
 * which are pending.
 */
export async function countDiagnoses(db: ClinicDb): Promise<number> {
  const [all, deletedHere] = await Promise.all([
    db.diagnoses.count(),
    db.diagnoses
      .where('pending')
      .equals(1)
      .filter((d) => d.deleted)
      .count(),
  ]);
  return all - deletedHere;
}

export function useCustomerDiagnoses(customerId: string | null): LiveRead<LocalDiagnosis[]> {
  return useLiveRead(async () => (customerId ? queryCustomerDiagnoses(localDb, customerId) : []), [customerId]);
}

export function useMarkers(diagnosisId: string | null): LiveRead<LocalPainMarker[]> {
  return useLiveRead(async () => (diagnosisId ? queryMarkers(localDb, diagnosisId) : []), [diagnosisId]);
}
