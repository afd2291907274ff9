import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { ClinicDb, LocalMedia } from '../clinic-db';
import { type LiveRead, useLiveRead } from '../live-read';
import { localDb } from '../local-db';

/** One customer's photos and videos, newest first, through [customerId+capturedAt]. */
export async function queryCustomerMedia(db: ClinicDb, customerId: string): Promise<LocalMedia[]> {
  const rows = await db.media
    .where('[customerId+capturedAt]')
    .between([customerId, Dexie.minKey], [customerId, Dexie.maxKey])
    .reverse()
    .toArray();
  return rows.filter((row) => !row.deleted);
}

/**
 * What this device captured (those with a file row here), newest first: the camera's history. Reads
 * the file rows' keys only, never their files.
 */
export async function queryDeviceCaptures(db: ClinicDb, limit: number): Promise<LocalMedia[]> {
  const ids = new Set<string>(await db.mediaFiles.toCollection().primaryKeys());
  if (ids.size === 0) return [];
  const rows: LocalMedia[] = [];
  await db.media
    .orderBy('capturedAt')
    .reverse()
    .until(() => rows.length >= limit)
    .each((row) => {
      if (ids.has(row.id) && !row.deleted) rows.push(row);
    });
  return rows;
}

/** Captures waiting to reach the server, counted through the `waiting` index. */
export function countWaitingUploads(db: ClinicDb): Promise<number> {
  return db.mediaFiles.where('waiting').equals(1).count();
}

export function useCustomerMedia(customerId: string | null): LiveRead<LocalMedia[]> {
  return useLiveRead(async () => (customerId ? queryCustomerMedia(localDb, customerId) : []), [customerId]);
}

export function useDeviceCaptures(limit = 20): LiveRead<LocalMedia[]> {
  return useLiveRead(() => queryDeviceCaptures(localDb, limit), [limit]);
}

export function useWaitingUploadCount(): number {
  return useLiveQuery(() => countWaitingUploads(localDb), []) ?? 0;
}
