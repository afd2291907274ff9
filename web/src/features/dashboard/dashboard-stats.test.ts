import { describe, expect, it } from 'vitest';
import { analysesRun } from './dashboard-stats';

describe('dashboard figures', () => {
  it('counts analyses as 70 % of the diagnosis records, rounded down', () => {
    expect(analysesRun(0)).toBe(0);
    expect(analysesRun(1)).toBe(0);
    expect(analysesRun(4)).toBe(2); // 2.8
    expect(analysesRun(10)).toBe(7);
    // 0.7 × 90 is 62.99999… in floating point: the estimate is still 63.
    expect(analysesRun(90)).toBe(63);
    expect(analysesRun(10_000)).toBe(7_000);
  });
});
