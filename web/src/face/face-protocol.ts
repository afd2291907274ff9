import type { Face } from '@clinic/sync-protocol/face';

/** What the page asks the face-analysis worker, and what it answers; `id` pairs them. */
export type FaceRequest =
  | { id: number; type: 'warm' }
  /** `image` is transferred; it is drawn at most `maxWidth` × `maxHeight`, keeping its shape. */
  | { id: number; type: 'analyze'; image: ImageBitmap; maxWidth: number; maxHeight: number };

/** The tfjs backend the worker runs on: the fastest the device offers (face-worker.ts). */
export const FACE_BACKENDS = ['webgl', 'wasm-threaded-simd', 'wasm-simd', 'wasm'] as const;
export type FaceBackend = (typeof FACE_BACKENDS)[number];

export type FaceReply =
  | { id: number; type: 'ready'; loadMs: number; backend: FaceBackend }
  | { id: number; type: 'result'; faces: Face[]; processingTime: number; width: number; height: number }
  /** `stage` says whether the models could not load or this one picture could not be analysed. */
  | { id: number; type: 'error'; stage: 'load' | 'analyze'; message: string };

/** Where the built app serves the models and tfjs's wasm (scripts/face-assets.ts copies them there). */
export const FACE_MODEL_URL = '/face/models';
/** face-api's published bundle, served as it ships (face-worker.ts says why it is not bundled). */
export const FACE_API_URL = '/face/face-api.esm.js';
export const FACE_WASM_URL = '/face/wasm/';

/** A photo is analysed at this size at most, as on the server: enough for faces across a room, and fast. */
export const PHOTO_MAX = { width: 1280, height: 1280 } as const;
