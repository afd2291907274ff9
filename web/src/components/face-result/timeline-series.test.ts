import type { Face } from '@clinic/sync-protocol/face';
import { describe, expect, it } from 'vitest';
import { timelineSeries } from './timeline-series';

const face = (share: number, happy: number): Face => ({
  emotions: [
    { type: 'HAPPY', confidence: happy },
    { type: 'CALM', confidence: 100 - happy },
  ],
  demographics: null,
  boundingBox: { left: 0, top: 0, width: share, height: share },
  features: {},
  quality: null,
  confidence: 99,
});

describe('timelineSeries', () => {
  it('follows the largest face of each frame, leaves frames without a face out, strongest emotion first', () => {
    const series = timelineSeries([
      { at: 0, faces: [face(0.1, 10), face(0.4, 80)] },
      { at: 1, faces: [] },
      { at: 2, faces: [face(0.3, 60)] },
    ]);
    expect(series.map((s) => s.type)).toEqual(['HAPPY', 'CALM']);
    expect(series[0]!.points).toEqual([
      { at: 0, share: 0.8 },
      { at: 2, share: 0.6 },
    ]);
    expect(series[1]!.points.map((p) => p.at)).toEqual([0, 2]);
    expect(timelineSeries([{ at: 0, faces: [] }])).toEqual([]);
  });
});
