import { describe, expect, it } from 'vitest';
import { localDb } from '../data/local-db';
import { useFreshDevice } from '../test-utils/fresh-device';
import { measuredSecondsPerFrame, recordFrameTiming } from './frame-timing';

describe('frame timing', () => {
  useFreshDevice();

  it('knows nothing before the first clip, then follows the device: each new clip counts half', async () => {
    expect(await measuredSecondsPerFrame(localDb)).toBeNull();
    await recordFrameTiming(4, 2000, localDb);
    expect(await measuredSecondsPerFrame(localDb)).toBeCloseTo(0.5);
    await recordFrameTiming(10, 10_000, localDb);
    expect(await measuredSecondsPerFrame(localDb)).toBeCloseTo(0.75);
    await recordFrameTiming(0, 1000, localDb);
    expect(await measuredSecondsPerFrame(localDb)).toBeCloseTo(0.75);
  });
});
