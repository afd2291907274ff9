import { describe, expect, it } from 'vitest';
import { statusOf } from './system-status';

describe('dashboard status (spec 4)', () => {
  it('is OK when none of the three calls failed, DEGRADED for one or two, unreachable for all three', () => {
    expect(statusOf(0)).toEqual({ kind: 'ok' });
    expect(statusOf(1)).toEqual({ kind: 'degraded', failed: 1 });
    expect(statusOf(2)).toEqual({ kind: 'degraded', failed: 2 });
    expect(statusOf(3)).toEqual({ kind: 'unreachable' });
  });
});
