import type { ClinicDb, LocalMedia } from '../data/clinic-db';
import { type PlainMediaFile, sealMediaFile } from './sealed-files';

/** A capture as a pull brings it: the server holds its record (version > 0), maybe its file too. */
export function serverMedia(fields: Partial<LocalMedia> & { id: string; customerId: string }): LocalMedia {
  return {
    visitId: null,
    kind: 'video',
    mime: 'video/webm',
    size: 3,
    duration: 3,
    width: 1280,
    height: 720,
    capturedAt: '2026-11-20T01:00:00.000Z',
    quality: null,
    uploaded: false,
    createdAt: '2026-11-20T01:00:00.000Z',
    updatedAt: '2026-11-20T01:00:00.000Z',
    updatedBy: 'staff1',
    version: 1,
    deleted: false,
    pending: 0,
    ...fields,
  };
}

/** A capture's file row as a test describes it: plain files, sealed by putCapture as the capture store does. */
export function waitingFile(id: string, fields: Partial<PlainMediaFile> = {}): PlainMediaFile {
  return {
    id,
    blob: new Blob([new Uint8Array([0x1a, 0x45, 0xdf])]),
    thumbnail: null,
    sentBytes: 0,
    waiting: 1,
    attempts: 0,
    ...fields,
  };
}

export async function putCapture(db: ClinicDb, media: LocalMedia, file: PlainMediaFile | null): Promise<void> {
  await db.media.put(media);
  if (file) await db.mediaFiles.put(await sealMediaFile(file));
}
