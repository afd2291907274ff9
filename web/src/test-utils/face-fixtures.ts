import type { FaceAnalysisRecord } from '@clinic/sync-protocol';
import type { Face } from '@clinic/sync-protocol/face';

/** A face as the device's engine gives it: mostly happy, a woman in her thirties, in the upper left. */
export function sampleFace(happy = 92.5, over: Partial<Face> = {}): Face {
  return {
    emotions: [
      { type: 'HAPPY', confidence: happy },
      { type: 'CALM', confidence: Math.round((100 - happy) * 10) / 10 },
    ],
    demographics: { age: { low: 25, high: 35 }, gender: { value: 'Female', confidence: 91 } },
    boundingBox: { left: 0.2, top: 0.1, width: 0.3, height: 0.4 },
    features: {},
    quality: null,
    confidence: 99,
    ...over,
  };
}

/** An analysis record as the server holds it: a photo's, with no face unless given. */
export function serverFaceAnalysis(
  fields: Partial<FaceAnalysisRecord> & { id: string; customerId: string },
): FaceAnalysisRecord {
  return {
    visitId: null,
    mediaId: null,
    source: 'photo',
    analysedAt: '2026-11-20T01:00:00.000Z',
    processingTime: 700,
    faces: [],
    frames: null,
    engine: 'face-api-wasm@device',
    createdAt: '2026-11-20T01:00:00.000Z',
    updatedAt: '2026-11-20T01:00:00.000Z',
    updatedBy: 'staff1',
    version: 1,
    deleted: false,
    ...fields,
  };
}

/** The same record as the device keeps it once the server has it. */
export const localFaceAnalysis = (
  fields: Partial<FaceAnalysisRecord> & { id: string; customerId: string },
): FaceAnalysisRecord & { pending: 0 } => ({ ...serverFaceAnalysis(fields), pending: 0 });
