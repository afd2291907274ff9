import { describe, expect, it } from 'vitest';
import { formatJapanTime, japanDayStart } from './japan-time';

describe('Japan time', () => {
  it('starts a day at 15:00 UTC the day before, and knows which days exist', () => {
    expect(japanDayStart('2026-11-21')?.toISOString()).toBe('2026-11-20T15:00:00.000Z');
    expect(japanDayStart('2028-02-29')?.toISOString()).toBe('2028-02-28T15:00:00.000Z');
    expect(japanDayStart('2026-02-29')).toBeNull();
    expect(japanDayStart('2026-13-01')).toBeNull();
  });

  it('formats a time as a Japanese reader expects', () => {
    expect(formatJapanTime('2026-12-31T15:00:00.000Z')).toBe('2027/01/01 00:00:00');
    expect(formatJapanTime('2026-11-20T05:06:07.890Z')).toBe('2026/11/20 14:06:07');
  });
});
