import type { ClinicDb } from '../data/clinic-db';

/**
 * What waits to reach the server: the changes it has not confirmed and the photos and videos whose files
 * have not reached it. The one count the top bar, 同期の状況 and the logout dialog all show (issue 37).
 * Neither needs the data key: an outbox entry and a file's waiting mark are counted, not opened.
 */
export async function readPendingCount(db: ClinicDb): Promise<number> {
  const [changes, files] = await Promise.all([db.outbox.count(), db.mediaFiles.where('waiting').equals(1).count()]);
  return changes + files;
}

/** The tables whose changes move that count (and the problems beside it). */
export const COUNTED_TABLES = ['outbox', 'mediaFiles', 'rejections', 'conflicts'] as const;
