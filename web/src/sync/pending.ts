import { localDb } from '../data/local-db';

/**
 * Changes on this device the server has not confirmed yet (read fresh, not from the status store),
 * with the photos and videos whose files have not reached it: a logout must not lose either.
 */
export async function countPendingChanges(): Promise<number> {
  const [changes, files] = await Promise.all([
    localDb.outbox.count(),
    localDb.mediaFiles.where('waiting').equals(1).count(),
  ]);
  return changes + files;
}
