import type { ClinicDb } from '../data/clinic-db';

/** Above this share of the quota, files the server holds leave the device, oldest first… */
export const DROP_ABOVE = 0.8;
/** …until this share is reached. */
export const DROP_UNTIL = 0.7;

/**
 * Makes room on a full device: drops the files of captures the server confirmed holding (their
 * record says uploaded), oldest first, keeping each thumbnail; opening one then streams it from the
 * server. Nothing the server lacks is ever dropped. Resolves to the ids dropped.
 */
export async function freeSpace(
  db: ClinicDb,
  estimate: () => Promise<StorageEstimate> = () => navigator.storage.estimate(),
): Promise<string[]> {
  const { usage = 0, quota = 0 } = await estimate();
  if (!quota || usage / quota <= DROP_ABOVE) return [];
  const files = await db.mediaFiles.where('waiting').equals(0).toArray();
  const media = await db.media.bulkGet(files.map((file) => file.id));
  const droppable = files
    .map((file, i) => ({ file, media: media[i] }))
    .filter(({ file, media: row }) => file.blob && row?.uploaded)
    .sort((a, b) => a.media!.capturedAt.localeCompare(b.media!.capturedAt));
  let used = usage;
  const dropped: string[] = [];
  for (const { file } of droppable) {
    if (used / quota <= DROP_UNTIL) break;
    used -= file.blob!.size;
    dropped.push(file.id);
  }
  const droppedAt = new Date().toISOString();
  await db.transaction('rw', db.mediaFiles, async () => {
    for (const id of dropped) await db.mediaFiles.update(id, { blob: null, droppedAt });
  });
  return dropped;
}
