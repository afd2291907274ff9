import { fetchFile } from '../api/files';
import type { ClinicDb } from '../data/clinic-db';
import { localDb } from '../data/local-db';
import { openFile, sealFile } from './sealed-files';

/** One request per capture at a time: a list that shows a capture twice asks the server once. */
const asking = new Map<string, Promise<Blob | null>>();

async function ask(db: ClinicDb, id: string): Promise<Blob | null> {
  try {
    const { blob } = await fetchFile(`/media/${encodeURIComponent(id)}/thumbnail`);
    // An image the browser can show, nothing else (an HTML error page, say) is kept.
    if (!blob.type.startsWith('image/') || blob.size === 0) return null;
    const sealed = await sealFile(blob, 'serverThumbnails.blob', id);
    await db.serverThumbnails.put({ id, blob: sealed, fetchedAt: new Date().toISOString() });
    return blob;
  } catch {
    // None there yet (a video whose poster has not arrived), or no connection: the list shows its
    // placeholder and asks again the next time it shows the capture.
    return null;
  }
}

/**
 * The small picture of a capture made on another device, as the server made it (a photo scaled down at
 * upload, a video's poster sent by the device that recorded it), through the one request path. Kept on
 * this device, so the lists show it offline as well; null while there is none to show.
 */
export async function serverThumbnail(id: string, db: ClinicDb = localDb): Promise<Blob | null> {
  const kept = await db.serverThumbnails.get(id);
  if (kept) return openFile(kept.blob, 'serverThumbnails.blob', id);
  if (!navigator.onLine) return null;
  const pending = asking.get(id) ?? ask(db, id).finally(() => asking.delete(id));
  asking.set(id, pending);
  return pending;
}
