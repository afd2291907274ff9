import type { ClinicDb } from '../../data/clinic-db';
import { saveCapture } from '../../media/capture-store';
import { openFile, sealFile } from '../../media/sealed-files';

/**
 * A recording's pieces in the device's database, written as they arrive: piece 0 is what the
 * recording is for (customer, visit, start, poster frame), the video follows from piece 1. A tab
 * closed, a crash or a full disk in the middle keeps every piece written before.
 */
export type RecordingMeta = { customerId: string; visitId: string | null; startedAt: string; mime: string };

export async function writeMeta(
  db: ClinicDb,
  recordingId: string,
  meta: RecordingMeta,
  poster: Blob | null,
): Promise<void> {
  await db.recordingChunks.put({ recordingId, seq: 0, data: null, meta });
  if (poster)
    await db.recordingChunks.put({
      recordingId,
      seq: -1,
      data: await sealFile(poster, 'recordingChunks.data', [recordingId, -1]),
    });
}

/** Sealed before it is stored, as every file the device keeps (media/sealed-files). */
export async function writePiece(db: ClinicDb, recordingId: string, seq: number, data: Blob): Promise<unknown> {
  return db.recordingChunks.put({
    recordingId,
    seq,
    data: await sealFile(data, 'recordingChunks.data', [recordingId, seq]),
  });
}

export function dropRecording(db: ClinicDb, recordingId: string): Promise<number> {
  return db.recordingChunks
    .where('[recordingId+seq]')
    .between([recordingId, -Infinity], [recordingId, Infinity])
    .delete();
}

/**
 * Saves recordings that never finished (the tab closed, the device ran out of room) as captures of
 * their own, with the pieces written, and drops their pieces in the same transaction. `except`: one
 * recording still under way. Two screens recovering at once save each recording once: the one that finds
 * its pieces gone when it comes to drop them keeps nothing.
 */
export async function recoverRecordings(db: ClinicDb, except: string | null): Promise<number> {
  const all = await db.recordingChunks.toArray();
  const byRecording = new Map<string, typeof all>();
  for (const chunk of all) {
    if (chunk.recordingId === except) continue;
    byRecording.set(chunk.recordingId, [...(byRecording.get(chunk.recordingId) ?? []), chunk]);
  }
  let saved = 0;
  for (const [recordingId, chunks] of byRecording) {
    chunks.sort((a, b) => a.seq - b.seq);
    const metaChunk = chunks.find((c) => c.seq === 0);
    const pieces = chunks.filter((c) => c.seq > 0);
    const meta = (metaChunk?.meta as RecordingMeta | undefined) ?? null;
    if (meta && pieces.length > 0) {
      const started = new Date(meta.startedAt);
      const open = (chunk: (typeof chunks)[number] | undefined) =>
        chunk ? openFile(chunk.data, 'recordingChunks.data', [chunk.recordingId, chunk.seq]) : Promise.resolve(null);
      const opened = await Promise.all(pieces.map(open));
      let taken = false;
      const consume = async () => {
        taken = (await dropRecording(db, recordingId)) === 0;
        if (taken) throw new Error('already saved by another screen');
      };
      try {
        await saveCapture(
          {
            customerId: meta.customerId,
            visitId: meta.visitId,
            kind: 'video',
            mime: 'video/webm',
            blob: new Blob(
              opened.flatMap((data) => (data ? [data] : [])),
              { type: 'video/webm' },
            ),
            thumbnail: await open(chunks.find((c) => c.seq === -1)),
            // One piece a second (the recorder's timeslice).
            duration: pieces.length,
            width: null,
            height: null,
            quality: null,
            capturedAt: started,
          },
          db,
          { tables: [db.recordingChunks], consume },
        );
        saved += 1;
      } catch (error) {
        if (!taken) throw error;
      }
    } else {
      await dropRecording(db, recordingId);
    }
  }
  return saved;
}
