import type { Face } from '@clinic/sync-protocol/face';
import { type FaceReply, type FaceRequest, PHOTO_MAX } from './face-protocol';

/**
 * The page's side of the face-analysis worker: one worker for the app's life, started on first use,
 * so its models load once. Every call is answered in order; a cancelled call's answer is dropped.
 */
export type FaceEngineResult = { faces: Face[]; processingTime: number; width: number; height: number };

/** `stage` 'load': the models could not start (a message for the whole screen); 'analyze': this picture. */
export class FaceEngineError extends Error {
  constructor(
    readonly stage: 'load' | 'analyze' | 'cancelled',
    message: string,
  ) {
    super(message);
  }
}

type Waiting = { resolve: (reply: FaceReply) => void; reject: (error: Error) => void };

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, Waiting>();

function engine(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./face-worker.ts', import.meta.url), { type: 'module', name: 'face-analysis' });
  started.onmessage = (event: MessageEvent<FaceReply>) => {
    const entry = waiting.get(event.data.id);
    waiting.delete(event.data.id);
    entry?.resolve(event.data);
  };
  started.onerror = (event) => {
    // A worker that failed to start (its script missing offline before the first visit) is started
    // again by the next call.
    event.preventDefault();
    for (const entry of waiting.values()) entry.reject(new FaceEngineError('load', event.message || 'worker error'));
    waiting.clear();
    started.terminate();
    if (worker === started) worker = null;
  };
  worker = started;
  return started;
}

type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never;

function ask(
  request: Unnumbered<FaceRequest>,
  transfer: Transferable[] = [],
  signal?: AbortSignal,
): Promise<FaceReply> {
  const id = nextId++;
  return new Promise<FaceReply>((resolve, reject) => {
    if (signal?.aborted) return reject(new FaceEngineError('cancelled', 'cancelled'));
    signal?.addEventListener('abort', () => {
      waiting.delete(id);
      reject(new FaceEngineError('cancelled', 'cancelled'));
    });
    waiting.set(id, { resolve, reject });
    const message: FaceRequest = { ...request, id };
    engine().postMessage(message, transfer);
  });
}

let warming: Promise<number> | null = null;

/**
 * Loads the models in the background (the face-analysis and camera screens call it as they open), so the
 * first analysis does not wait for them. Resolves with how long the loading took; never rejects.
 */
export function warmFaceEngine(): Promise<number | null> {
  warming ??= ask({ type: 'warm' }).then((reply) => {
    if (reply.type !== 'ready') throw new Error(reply.type);
    // For `npm run bench` (and the browser's performance panel): how long the models took to load.
    performance.mark('face-engine-ready', { detail: { loadMs: reply.loadMs, backend: reply.backend } });
    return reply.loadMs;
  });
  return warming.catch(() => {
    warming = null;
    return null;
  });
}

/**
 * The faces in a picture, analysed in the worker at most `max` in size (a photo: PHOTO_MAX). Rejects
 * with FaceEngineError: the picture cannot be read, the models cannot load, or `signal` cancelled it.
 */
export async function analyzeFaces(
  picture: Blob | ImageBitmap,
  options: { max?: { width: number; height: number }; signal?: AbortSignal } = {},
): Promise<FaceEngineResult> {
  let image: ImageBitmap;
  try {
    image = picture instanceof Blob ? await createImageBitmap(picture) : picture;
  } catch {
    throw new FaceEngineError('analyze', 'image');
  }
  const max = options.max ?? PHOTO_MAX;
  const reply = await ask(
    { type: 'analyze', image, maxWidth: max.width, maxHeight: max.height },
    [image],
    options.signal,
  );
  switch (reply.type) {
    case 'result':
      return { faces: reply.faces, processingTime: reply.processingTime, width: reply.width, height: reply.height };
    case 'error':
      throw new FaceEngineError(reply.stage, reply.message);
    case 'ready':
      throw new FaceEngineError('analyze', 'unexpected answer');
  }
}
