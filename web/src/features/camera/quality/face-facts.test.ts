import type { Face } from '@clinic/sync-protocol/face';
import { describe, expect, it } from 'vitest';
import { faceFacts } from './face-facts';
import { scoreFrame } from './score';

const face = (width: number, height: number): Face => ({
  emotions: [],
  demographics: null,
  boundingBox: { left: 0, top: 0, width, height },
  features: {},
  quality: null,
  confidence: 99,
});
const grey = { width: 4, height: 4, data: new Uint8ClampedArray(64).fill(128) };

describe('faceFacts', () => {
  it("gives the quality score whether a face was found and the largest one's share of the frame", () => {
    expect(faceFacts([])).toEqual({ found: false, areaShare: 0 });
    expect(faceFacts([face(0.1, 0.2), face(0.3, 0.4)])).toEqual({ found: true, areaShare: expect.closeTo(0.12) });
    const without = scoreFrame(grey, faceFacts([]));
    const withFace = scoreFrame(grey, faceFacts([face(0.3, 0.4)]));
    expect(withFace.parts.find((p) => p.key === 'face')).toMatchObject({ value: 12, score: 100 });
    expect(without.parts.find((p) => p.key === 'face')).toMatchObject({ score: 0 });
    expect(withFace.score).toBeGreaterThan(without.score);
  });
});
