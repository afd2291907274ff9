import Dexie from 'dexie';
import type { ClinicDb, LocalMedia } from '../../db/clinic-db';
import { type LiveQueryResult, useLiveQuery } from '../../db/use-live-query';
import { localDb } from '../runtime';

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
  const ids = new Set((await db.mediaFiles.toCollection().primaryKeys()) as string[]);
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

export function useCustomerMedia(customerId: string | null): LiveQueryResult<LocalMedia[]> {
  return useLiveQuery(['media'], async () => (customerId ? queryCustomerMedia(localDb, customerId) : []), [customerId]);
}

export function useDeviceCaptures(limit = 20): LiveQueryResult<LocalMedia[]> {
  return useLiveQuery(['media', 'mediaFiles'], () => queryDeviceCaptures(localDb, limit), [limit]);
}

export function useWaitingUploadCount(): number {
  return useLiveQuery(['mediaFiles'], () => countWaitingUploads(localDb), []).data ?? 0;
}
