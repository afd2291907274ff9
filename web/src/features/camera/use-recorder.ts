import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { localDb } from '../../data/local-db';
import { saveCapture } from '../../media/capture-store';
import { dropRecording, writeMeta, writePiece } from './recording-store';
import { RECORDING_BITS_PER_SECOND } from './storage-room';

/** Spec 9: WebM, VP8 where the browser has it. */
export function recordingMime(): string {
  return typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported('video/webm;codecs=vp8')
    ? 'video/webm;codecs=vp8'
    : 'video/webm';
}

/** A piece a second: at most a second is lost if the tab dies. */
const TIMESLICE_MS = 1000;

export type RecordingTarget = { customerId: string; visitId: string | null };
export type RecorderResult =
  { kind: 'saved'; seconds: number; diskFull: boolean } | { kind: 'failed'; message: string };

type Running = {
  recorder: MediaRecorder;
  id: string;
  target: RecordingTarget;
  poster: Blob | null;
  startedAt: Date;
  pieces: Blob[];
  writes: Promise<unknown>[];
  diskFull: boolean;
};

function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: string; inner?: { name?: string } } | null)?.name ?? '';
  const inner = (error as { inner?: { name?: string } } | null)?.inner?.name ?? '';
  return name === 'QuotaExceededError' || inner === 'QuotaExceededError';
}

/**
 * Records the camera's stream. Every piece goes to the device's database the moment it arrives; on
 * stop the pieces become one capture (saveCapture) and are dropped. A piece the disk refuses stops the
 * recording, and what was captured is kept. `maxSeconds` stops it before the room runs out.
 */
export function useRecorder(stream: MediaStream | null, onDone: (result: RecorderResult) => void) {
  const running = useRef<Running | null>(null);
  const [recording, setRecording] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const [limit, setLimit] = useState<number | null>(null);
  // The latest `onDone` for a recording that ends after later renders; updated after each commit, never during render.
  const done = useRef(onDone);
  useLayoutEffect(() => {
    done.current = onDone;
  });

  const finish = useCallback(async (run: Running) => {
    const seconds = Math.max(0, (Date.now() - run.startedAt.getTime()) / 1000);
    try {
      await Promise.allSettled(run.writes);
      // The pieces go in the capture's own transaction: a reload between the two left them behind, and the
      // next visit to the screen saved them again as a second video (seen in an end-to-end run).
      const pieces = { tables: [localDb.recordingChunks], consume: () => dropRecording(localDb, run.id) };
      await saveCapture(
        {
          customerId: run.target.customerId,
          visitId: run.target.visitId,
          kind: 'video',
          mime: 'video/webm',
          blob: new Blob(run.pieces, { type: 'video/webm' }),
          thumbnail: run.poster,
          duration: seconds,
          width: run.recorder.stream.getVideoTracks()[0]?.getSettings().width ?? null,
          height: run.recorder.stream.getVideoTracks()[0]?.getSettings().height ?? null,
          quality: null,
          capturedAt: run.startedAt,
        },
        localDb,
        pieces,
      );
      done.current({ kind: 'saved', seconds, diskFull: run.diskFull });
    } catch (error) {
      // The pieces stay on the device and are saved the next time the screen opens.
      done.current({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }, []);

  const stop = useCallback(() => {
    const run = running.current;
    if (run && run.recorder.state !== 'inactive') run.recorder.stop();
  }, []);

  const start = useCallback(
    async (target: RecordingTarget, poster: Blob | null, maxSeconds: number | null) => {
      if (!stream || running.current) return;
      const id = crypto.randomUUID();
      const mime = recordingMime();
      const startedAt = new Date();
      await writeMeta(localDb, id, { ...target, startedAt: startedAt.toISOString(), mime }, poster);
      const recorder = new MediaRecorder(stream, { mimeType: mime, videoBitsPerSecond: RECORDING_BITS_PER_SECOND });
      const run: Running = { recorder, id, target, poster, startedAt, pieces: [], writes: [], diskFull: false };
      running.current = run;
      recorder.ondataavailable = (event) => {
        if (!event.data.size) return;
        run.pieces.push(event.data);
        const write = writePiece(localDb, id, run.pieces.length, event.data).catch((error: unknown) => {
          if (!isQuotaError(error)) throw error;
          run.diskFull = true;
          stop();
        });
        run.writes.push(write);
      };
      recorder.onstop = () => {
        running.current = null;
        setRecording(false);
        void finish(run);
      };
      recorder.start(TIMESLICE_MS);
      setLimit(maxSeconds);
      setElapsed(0);
      setRecording(true);
    },
    [stream, finish, stop],
  );

  // The clock on the preview, and the stop before the room runs out.
  useEffect(() => {
    if (!recording) return;
    const timer = setInterval(() => {
      const run = running.current;
      if (!run) return;
      const seconds = Math.floor((Date.now() - run.startedAt.getTime()) / 1000);
      setElapsed(seconds);
      if (limit !== null && seconds >= limit) stop();
    }, 250);
    return () => clearInterval(timer);
  }, [recording, limit, stop]);

  // Leaving the screen ends the recording and keeps it.
  useEffect(() => () => stop(), [stop]);

  return { recording, elapsed, start, stop };
}
