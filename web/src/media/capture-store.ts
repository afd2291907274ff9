import type { MediaKind, MediaMime } from '@clinic/sync-protocol/media';
import type { Table } from 'dexie';
import type { Change } from '../data/mutate';
import type { ClinicDb, MediaFile } from '../data/clinic-db';
import { requestPersistentStorage } from '../data/persistent-storage';
import { sessionStore } from '../auth/session-store';
import { localDb } from '../data/local-db';
import { kickUploads } from './upload-kick';
import { sealMediaFile } from './sealed-files';

export type CaptureInput = {
  customerId: string;
  visitId: string | null;
  kind: MediaKind;
  mime: MediaMime;
  blob: Blob;
  thumbnail: Blob | null;
  duration: number | null;
  width: number | null;
  height: number | null;
  quality: number | null;
  capturedAt?: Date;
};

/**
 * A capture's record change and its file row (files sealed, before the transaction that stores them),
 * under a new id: saved together or not at all.
 */
export async function captureParts(input: CaptureInput): Promise<{ id: string; change: Change; file: MediaFile }> {
  const id = crypto.randomUUID();
  const file = await sealMediaFile({
    id,
    blob: input.blob,
    thumbnail: input.thumbnail,
    sentBytes: 0,
    waiting: 1,
    attempts: 0,
  });
  const change: Change = {
    name: 'media.create',
    args: {
      id,
      customerId: input.customerId,
      visitId: input.visitId,
      kind: input.kind,
      mime: input.mime,
      size: input.blob.size,
      duration: input.duration === null ? null : Math.round(input.duration * 10) / 10,
      width: input.width,
      height: input.height,
      capturedAt: (input.capturedAt ?? new Date()).toISOString(),
      quality: input.quality === null ? null : Math.round(input.quality),
    },
  };
  return { id, change, file };
}

/** After a capture's file is stored: the browser is asked to keep it, the upload starts (lists follow by themselves). */
export function afterCaptureSaved(): void {
  // Captures are what a clinic can least afford to lose: ask the browser not to evict them.
  requestPersistentStorage();
  kickUploads();
}

/**
 * What a capture is made from and goes when it is kept (a recording's pieces): removed in the capture's own
 * transaction, so a tab closed in between cannot leave them to be saved again as a second capture.
 */
export type CaptureSource = { tables: readonly Table[]; consume: () => Promise<unknown> };

/**
 * Keeps a photo or video on the device the moment it is taken: its file (waiting for upload), its
 * media.create change and the removal of its `source`, in ONE transaction, so a full disk stores none
 * rather than part. Resolves to the capture's id, which is also its upload's identity. Throws
 * LocalWriteError with a Japanese message.
 */
export async function saveCapture(
  input: CaptureInput,
  db: ClinicDb = localDb,
  source?: CaptureSource,
): Promise<string> {
  const { mutateAll } = await import('../data/mutate');
  const { id, change, file } = await captureParts(input);
  await mutateAll(db, [change], {
    userName: sessionStore.get()?.user.username ?? null,
    authorId: sessionStore.get()?.user.id ?? null,
    alongside: {
      tables: [db.mediaFiles, ...(source?.tables ?? [])],
      write: async () => {
        await db.mediaFiles.put(file);
        await source?.consume();
      },
    },
  });
  afterCaptureSaved();
  return id;
}
