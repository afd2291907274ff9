import { faceFromFaceApi } from '@clinic/sync-protocol/face';
import * as faceapi from '@vladmandic/face-api/dist/face-api.esm.js';
import { FACE_MODEL_URL, FACE_WASM_URL, type FaceReply, type FaceRequest } from './face-protocol';

/*
 * The face-analysis engine, in a worker so the screen never freezes: face-api's SSD detector (the tiny
 * one misses faces), expression and age/gender nets on tfjs's wasm backend. The models load once per
 * worker, on the first request; requests are answered one at a time, in order.
 */

/** The detector's threshold, as on the server (api/src/face-analysis/face-engine.ts). */
const MIN_CONFIDENCE = 0.3;

const reply = (message: FaceReply) => postMessage(message);

/** What this file uses of the tfjs bundled in face-api (its published types leave these out). */
type WasmTf = {
  setWasmPaths(prefix: string): void;
  env(): { set(flag: string, value: boolean): void };
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
};
const tf = faceapi.tf as unknown as WasmTf;

let ready: Promise<number> | null = null;

/** Loads tfjs's wasm backend and the three nets; resolves with the milliseconds it took. */
function load(): Promise<number> {
  ready ??= (async () => {
    const started = performance.now();
    // face-api looks for a page (window, document) or Node; a worker is neither, and only the
    // canvas it draws scaled pictures on and fetch are needed.
    setWorkerEnv();
    tf.setWasmPaths(FACE_WASM_URL);
    // Threads need cross-origin isolation, which the app does not ask for.
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    if (!(await tf.setBackend('wasm'))) throw new Error('wasm backend unavailable');
    await tf.ready();
    await Promise.all([
      faceapi.nets.ssdMobilenetv1.loadFromUri(FACE_MODEL_URL),
      faceapi.nets.faceExpressionNet.loadFromUri(FACE_MODEL_URL),
      faceapi.nets.ageGenderNet.loadFromUri(FACE_MODEL_URL),
    ]);
    await warmUp();
    return performance.now() - started;
  })();
  ready.catch(() => {
    ready = null; // the next request tries again, e.g. once the files are reachable
  });
  return ready;
}

/**
 * One pass of each net on blank pixels: the wasm kernels' first run costs about a quarter of a second
 * more than later ones, paid here in the background instead of by the first photo.
 */
async function warmUp() {
  const blank = faceapi.tf.zeros<faceapi.tf.Rank.R3>([480, 640, 3], 'int32');
  const face = faceapi.tf.zeros<faceapi.tf.Rank.R3>([112, 112, 3], 'int32');
  try {
    await faceapi.detectAllFaces(blank, new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_CONFIDENCE }));
    await faceapi.nets.faceExpressionNet.predictExpressions(face);
    await faceapi.nets.ageGenderNet.predictAgeAndGender(face);
  } finally {
    blank.dispose();
    face.dispose();
  }
}

function setWorkerEnv() {
  class Unavailable {}
  const canvas = () => new OffscreenCanvas(1, 1);
  faceapi.env.setEnv({
    Canvas: OffscreenCanvas,
    CanvasRenderingContext2D: OffscreenCanvasRenderingContext2D,
    Image: Unavailable,
    ImageData,
    Video: Unavailable,
    createCanvasElement: canvas,
    createImageElement: () => new Unavailable(),
    createVideoElement: () => new Unavailable(),
    fetch: (url: string, init?: RequestInit) => fetch(url, init),
    readFile: () => Promise.reject(new Error('no file system in a worker')),
  } as unknown as faceapi.Environment);
}

/** The picture's pixels at most `maxWidth` × `maxHeight`, keeping its shape. */
function pixelsOf(image: ImageBitmap, maxWidth: number, maxHeight: number): ImageData {
  const scale = Math.min(1, maxWidth / image.width, maxHeight / image.height);
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const context = new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2d context');
  context.drawImage(image, 0, 0, width, height);
  image.close();
  return context.getImageData(0, 0, width, height);
}

async function analyze(request: Extract<FaceRequest, { type: 'analyze' }>): Promise<FaceReply> {
  const started = performance.now();
  const pixels = pixelsOf(request.image, request.maxWidth, request.maxHeight);
  const input = faceapi.tf.browser.fromPixels(pixels);
  try {
    const detections = await faceapi
      .detectAllFaces(input, new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_CONFIDENCE }))
      .withFaceExpressions()
      .withAgeAndGender();
    const size = { width: pixels.width, height: pixels.height };
    const faces = detections.map((d) =>
      faceFromFaceApi(
        {
          expressions: { ...d.expressions },
          age: d.age,
          gender: d.gender,
          genderProbability: d.genderProbability,
          score: d.detection.score,
          box: d.detection.box,
        },
        size,
      ),
    );
    return { id: request.id, type: 'result', faces, processingTime: Math.round(performance.now() - started), ...size };
  } finally {
    input.dispose();
  }
}

let queue: Promise<unknown> = Promise.resolve();

onmessage = (event: MessageEvent<FaceRequest>) => {
  const request = event.data;
  queue = queue.then(async () => {
    let loadMs: number;
    try {
      loadMs = await load();
    } catch (error) {
      reply({ id: request.id, type: 'error', stage: 'load', message: String((error as Error)?.message ?? error) });
      return;
    }
    if (request.type === 'warm') return reply({ id: request.id, type: 'ready', loadMs });
    try {
      reply(await analyze(request));
    } catch (error) {
      reply({ id: request.id, type: 'error', stage: 'analyze', message: String((error as Error)?.message ?? error) });
    }
  });
};
