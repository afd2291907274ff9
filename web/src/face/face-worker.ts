import { faceFromFaceApi } from '@clinic/sync-protocol/face';
import type * as FaceApi from '@vladmandic/face-api/dist/face-api.esm.js';
import {
  FACE_API_URL,
  FACE_BACKENDS,
  FACE_MODEL_URL,
  FACE_WASM_URL,
  type FaceBackend,
  type FaceReply,
  type FaceRequest,
} from './face-protocol';

/*
 * The face-analysis engine, in a worker so the screen never freezes: face-api's SSD detector (the tiny
 * one misses faces), expression and age/gender nets on tfjs's WebGL or wasm backend. The models load once per
 * worker, on the first request; requests are answered one at a time, in order.
 */

/** The detector's threshold, as on the server (api/src/face-analysis/face-engine.ts). */
const MIN_CONFIDENCE = 0.3;

const reply = (message: FaceReply) => postMessage(message);

/** What this file uses of the tfjs bundled in face-api (its published types leave these out). */
type BundledTf = {
  setWasmPaths(prefix: string): void;
  env(): { getBool(flag: string): boolean; set(flag: string, value: boolean): void };
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
};

/**
 * face-api's own published bundle, loaded as it ships rather than bundled into this worker: tfjs's threaded wasm
 * starts each thread from the text of one of its functions (Function.prototype.toString), and our bundler's
 * minifier, which sees the whole module, drops a `typeof` guard inside it that the thread then fails on
 * ("e is not defined"). Loaded once, with the models.
 */
let faceapi: typeof FaceApi;
let tf: BundledTf;

let ready: Promise<{ loadMs: number; backend: FaceBackend }> | null = null;

/** Loads the fastest backend this device offers and the three nets; resolves with how long it took. */
function load(): Promise<{ loadMs: number; backend: FaceBackend }> {
  ready ??= (async () => {
    const started = performance.now();
    faceapi = (await import(/* @vite-ignore */ FACE_API_URL)) as typeof FaceApi;
    tf = faceapi.tf as unknown as BundledTf;
    // face-api looks for a page (window, document) or Node; a worker is neither, and only the
    // canvas it draws scaled pictures on and fetch are needed.
    setWorkerEnv();
    const backend = await startBackend(requestedBackend());
    await Promise.all([
      faceapi.nets.ssdMobilenetv1.loadFromUri(FACE_MODEL_URL),
      faceapi.nets.faceExpressionNet.loadFromUri(FACE_MODEL_URL),
      faceapi.nets.ageGenderNet.loadFromUri(FACE_MODEL_URL),
    ]);
    await warmUp();
    return { loadMs: performance.now() - started, backend };
  })();
  ready.catch(() => {
    ready = null; // the next request tries again, e.g. once the files are reachable
  });
  return ready;
}

/**
 * The backend a measurement asked for in the worker's address (`npm run bench` compares them side by side), or
 * none: the app itself never asks, and gets the fastest the device has.
 */
function requestedBackend(): FaceBackend | undefined {
  const asked = new URL(self.location.href).searchParams.get('backend');
  return FACE_BACKENDS.find((backend) => backend === asked);
}

/**
 * WebGL on the device's graphics chip through an OffscreenCanvas when it has one (2–4× wasm for nets of this
 * size); else tfjs's wasm, which takes its threaded SIMD build by itself when the page is cross-origin isolated
 * (the server's COOP and COEP headers) and SIMD or the plain build on older browsers. A software WebGL
 * (SwiftShader, llvmpipe: a machine without a usable GPU) runs shaders on the CPU, slower than wasm: skipped.
 */
async function startBackend(asked: FaceBackend | undefined): Promise<FaceBackend> {
  if ((asked ?? (hasHardwareWebGl() ? 'webgl' : 'wasm')) === 'webgl' && (await tf.setBackend('webgl'))) {
    await tf.ready();
    return 'webgl';
  }
  tf.setWasmPaths(FACE_WASM_URL);
  // The single-threaded builds only when a measurement asks for them.
  if (asked === 'wasm-simd' || asked === 'wasm') tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  if (asked === 'wasm') tf.env().set('WASM_HAS_SIMD_SUPPORT', false);
  if (!(await tf.setBackend('wasm'))) throw new Error('wasm backend unavailable');
  await tf.ready();
  const threads = tf.env().getBool('WASM_HAS_MULTITHREAD_SUPPORT');
  const simd = tf.env().getBool('WASM_HAS_SIMD_SUPPORT');
  return threads && simd ? 'wasm-threaded-simd' : simd ? 'wasm-simd' : 'wasm';
}

/** Whether an OffscreenCanvas here gets a WebGL 2 context drawn by a graphics chip rather than in software. */
function hasHardwareWebGl(): boolean {
  if (typeof OffscreenCanvas === 'undefined') return false;
  const gl = new OffscreenCanvas(1, 1).getContext('webgl2');
  if (!gl) return false;
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return !/swiftshader|llvmpipe|software|softpipe/i.test(renderer);
}

/**
 * One pass of each net on blank pixels: the wasm kernels' first run costs about a quarter of a second
 * more than later ones, paid here in the background instead of by the first photo.
 */
async function warmUp() {
  const blank = faceapi.tf.zeros<FaceApi.tf.Rank.R3>([480, 640, 3], 'int32');
  const face = faceapi.tf.zeros<FaceApi.tf.Rank.R3>([112, 112, 3], 'int32');
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
  } as unknown as FaceApi.Environment);
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
    let loaded: { loadMs: number; backend: FaceBackend };
    try {
      loaded = await load();
    } catch (error) {
      reply({ id: request.id, type: 'error', stage: 'load', message: String((error as Error)?.message ?? error) });
      return;
    }
    if (request.type === 'warm') return reply({ id: request.id, type: 'ready', ...loaded });
    try {
      reply(await analyze(request));
    } catch (error) {
      reply({ id: request.id, type: 'error', stage: 'analyze', message: String((error as Error)?.message ?? error) });
    }
  });
};
