export { analyzeFaces, warmFaceEngine, FaceEngineError, type FaceEngineResult } from './face-engine';
export { PHOTO_MAX } from './face-protocol';
