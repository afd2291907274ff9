import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type FaceAnalysisResult, type FaceApiDetection, faceFromFaceApi } from '@clinic/sync-protocol/face';
import sharp from 'sharp';

/*
 * Facial-expression analysis on the server: the same face-api models the tablets run, on tfjs's wasm
 * backend (tfjs-node cannot install here). The models load once per process, on first use; analyses
 * run one at a time, since two at once on two cores only make each slower.
 */

const require = createRequire(import.meta.url);

/** What this file uses of face-api and tfjs (their own types describe far more). */
type Tensor = { dispose(): void };
type Tf = {
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
  tensor3d(values: Uint8Array, shape: [number, number, number], dtype: 'int32'): Tensor;
};
type Net = { loadFromDisk(dir: string): Promise<void> };
type Detection = {
  detection: { score: number; box: { x: number; y: number; width: number; height: number } };
  expressions: Record<string, number>;
  age: number;
  gender: string;
  genderProbability: number;
};
type FaceApi = {
  nets: { ssdMobilenetv1: Net; faceExpressionNet: Net; ageGenderNet: Net };
  SsdMobilenetv1Options: new (options: { minConfidence: number }) => unknown;
  detectAllFaces(
    input: Tensor,
    options: unknown,
  ): { withFaceExpressions(): { withAgeAndGender(): Promise<Detection[]> } };
};

/** The SSD detector's threshold: the spec's service reported faces from about this confidence. */
const MIN_CONFIDENCE = 0.3;
/** Photos are analysed at this width at most: enough for faces across a treatment room, and fast. */
export const ANALYSIS_MAX_WIDTH = 1280;

export type FaceAnalysis = { result: FaceAnalysisResult; processingTime: number };

/** The bytes do not decode as a picture (a damaged or disguised file): the sender's error, not the engine's. */
export class UnreadableImage extends Error {
  constructor(cause: unknown) {
    super('the image could not be decoded', { cause });
    this.name = 'UnreadableImage';
  }
}

type Engine = { faceapi: FaceApi; tf: Tf };
let engine: Promise<Engine> | null = null;

function loadEngine(): Promise<Engine> {
  engine ??= (async () => {
    const tf = require('@tensorflow/tfjs') as Tf;
    const wasm = require('@tensorflow/tfjs-backend-wasm') as { setWasmPaths(path: string): void };
    wasm.setWasmPaths(`${join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist')}/`);
    await tf.setBackend('wasm');
    await tf.ready();
    const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
    const models = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
    await Promise.all([
      faceapi.nets.ssdMobilenetv1.loadFromDisk(models),
      faceapi.nets.faceExpressionNet.loadFromDisk(models),
      faceapi.nets.ageGenderNet.loadFromDisk(models),
    ]);
    return { faceapi, tf };
  })().catch((error: unknown) => {
    engine = null; // the next request tries again
    throw error;
  });
  return engine;
}

let queue: Promise<unknown> = Promise.resolve();

/** Runs `task` after every analysis before it: one at a time per process. */
function inTurn<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * The faces in a photo (JPEG, PNG or GIF bytes) in the spec's shape, with the time the analysis took.
 * Throws UnreadableImage when the bytes are not a picture.
 */
export function analyzeFaces(image: Uint8Array, now: () => number = () => performance.now()): Promise<FaceAnalysis> {
  return inTurn(async () => {
    const { faceapi, tf } = await loadEngine();
    const started = now();
    const { data, info } = await sharp(image, { animated: false })
      .rotate()
      .resize({ width: ANALYSIS_MAX_WIDTH, withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
      .catch((error: unknown) => {
        throw new UnreadableImage(error);
      });
    const tensor = tf.tensor3d(
      new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      [info.height, info.width, 3],
      'int32',
    );
    try {
      const detections = await faceapi
        .detectAllFaces(tensor, new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_CONFIDENCE }))
        .withFaceExpressions()
        .withAgeAndGender();
      const faces = detections.map((d) => faceFromFaceApi(toDetection(d), info));
      return { result: { faces }, processingTime: Math.round(now() - started) };
    } finally {
      tensor.dispose();
    }
  });
}

function toDetection(d: Detection): FaceApiDetection {
  return {
    expressions: d.expressions,
    age: d.age,
    gender: d.gender,
    genderProbability: d.genderProbability,
    score: d.detection.score,
    box: d.detection.box,
  };
}
