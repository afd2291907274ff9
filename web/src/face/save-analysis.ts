import type { FaceFrame } from '@clinic/sync-protocol';
import { type Face, withCaptureQuality } from '@clinic/sync-protocol/face';
import { sessionStore } from '../auth/session-store';
import { localDb } from '../data/local-db';
import type { ClinicDb } from '../data/clinic-db';
import { type CaptureInput, afterCaptureSaved, captureParts } from '../media/capture-store';
import type { Change } from '../data/mutate';

/** Which engine made a result on this device (the server writes `@server`): results differ a little. */
export const DEVICE_ENGINE = 'face-api-wasm@device';

export type NewFaceAnalysis = {
  customerId: string;
  visitId: string | null;
  source: 'photo' | 'video';
  faces: Face[];
  frames: FaceFrame[] | null;
  processingTime: number;
  /**
   * The photo's quality score (0-100) measured when it was captured, if it was: each face's `quality`.
   * Left out, the score of `photo` is taken when it has one.
   */
  quality?: number | null;
  /** The photo or clip already stored as media, or a photo to store with the result (settings saveImages). */
  mediaId?: string | null;
  photo?: Omit<CaptureInput, 'customerId' | 'visitId' | 'kind'>;
  analysedAt?: Date;
};

/**
 * Keeps an analysis on the device as a synced record, with its photo as media when one is given: both
 * changes and the photo's file in ONE transaction, so a full disk keeps neither rather than half.
 * Resolves to the record's id and its photo's. Throws LocalWriteError with a Japanese message.
 */
export async function saveFaceAnalysis(
  input: NewFaceAnalysis,
  db: ClinicDb = localDb,
): Promise<{ id: string; mediaId: string | null }> {
  const { mutateAll } = await import('../data/mutate');
  const capture = input.photo
    ? await captureParts({ ...input.photo, customerId: input.customerId, visitId: input.visitId, kind: 'photo' })
    : null;
  const id = crypto.randomUUID();
  const mediaId = capture?.id ?? input.mediaId ?? null;
  const analysis: Change = {
    name: 'faceAnalysis.create',
    args: {
      id,
      customerId: input.customerId,
      visitId: input.visitId,
      mediaId,
      source: input.source,
      analysedAt: (input.analysedAt ?? new Date()).toISOString(),
      processingTime: Math.round(input.processingTime),
      // A photo's faces take its capture's score; a clip's frames have none of their own.
      faces:
        input.source === 'photo' ? withCaptureQuality(input.faces, input.quality ?? input.photo?.quality) : input.faces,
      frames: input.frames,
      engine: DEVICE_ENGINE,
    },
  };
  await mutateAll(db, capture ? [capture.change, analysis] : [analysis], {
    userName: sessionStore.get()?.user.username ?? null,
    authorId: sessionStore.get()?.user.id ?? null,
    ...(capture && { alongside: { tables: [db.mediaFiles], write: () => db.mediaFiles.put(capture.file) } }),
  });
  if (capture) afterCaptureSaved();
  return { id, mediaId };
}
