import Dexie from 'dexie';
import type { ClinicDb, LocalFaceAnalysis } from '../clinic-db';
import { type LiveRead, useLiveRead } from '../live-read';
import { localDb } from '../local-db';

/** One customer's expression analyses, newest first, at most `limit`, through [customerId+analysedAt]. */
export async function queryCustomerFaceAnalyses(
  db: ClinicDb,
  customerId: string,
  limit = Infinity,
): Promise<LocalFaceAnalysis[]> {
  const rows: LocalFaceAnalysis[] = [];
  await db.faceAnalyses
    .where('[customerId+analysedAt]')
    .between([customerId, Dexie.minKey], [customerId, Dexie.maxKey])
    .reverse()
    .until(() => rows.length >= limit)
    .each((row) => {
      if (!row.deleted) rows.push(row);
    });
  return rows;
}

/** The latest analysis of one photo or clip, or null. */
export async function queryMediaFaceAnalysis(db: ClinicDb, mediaId: string): Promise<LocalFaceAnalysis | null> {
  const rows = (await db.faceAnalyses.where('mediaId').equals(mediaId).toArray()).filter((row) => !row.deleted);
  return rows.sort((a, b) => b.analysedAt.localeCompare(a.analysedAt))[0] ?? null;
}

/**
 * How many expression analyses the device holds, of every device (they sync), without reading them: a
 * pull removes deleted ones, so the only tombstones are this device's own deletes, which are pending.
 */
export async function countFaceAnalyses(db: ClinicDb): Promise<number> {
  const [all, deletedHere] = await Promise.all([
    db.faceAnalyses.count(),
    db.faceAnalyses
      .where('pending')
      .equals(1)
      .filter((row) => row.deleted)
      .count(),
  ]);
  return all - deletedHere;
}

export function useCustomerFaceAnalyses(customerId: string | null, limit = Infinity): LiveRead<LocalFaceAnalysis[]> {
  return useLiveRead(
    async () => (customerId ? queryCustomerFaceAnalyses(localDb, customerId, limit) : []),
    [customerId, limit],
  );
}

export function useMediaFaceAnalysis(mediaId: string | null): LiveRead<LocalFaceAnalysis | null> {
  return useLiveRead(async () => (mediaId ? queryMediaFaceAnalysis(localDb, mediaId) : null), [mediaId]);
}
