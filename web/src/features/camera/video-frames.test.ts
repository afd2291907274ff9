import { describe, expect, it } from 'vitest';
import { sampleTimes } from './video-frames';

describe('sampleTimes', () => {
  it('takes a frame every interval from the start, at most maxFrames', () => {
    expect(sampleTimes(3.2, { samplingInterval: 1, maxFrames: 30 })).toEqual([0, 1, 2, 3]);
    expect(sampleTimes(3, { samplingInterval: 1, maxFrames: 30 })).toEqual([0, 1, 2]);
    expect(sampleTimes(2, { samplingInterval: 0.5, maxFrames: 30 })).toEqual([0, 0.5, 1, 1.5]);
    expect(sampleTimes(600, { samplingInterval: 2, maxFrames: 5 })).toEqual([0, 2, 4, 6, 8]);
    expect(sampleTimes(0, { samplingInterval: 1, maxFrames: 30 })).toEqual([]);
  });
});
