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
    quality: null,
    confidence: 99,
    ...over,
  };
}
