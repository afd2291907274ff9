import { describe, expect, it } from 'vitest';
import { daysEndingOn, formatJapanTime, japanDateStamp, japanDay, japanDayStart } from './japan-time';

describe('Japan time', () => {
  it('puts a moment on its Japan day, which turns at 15:00 UTC', () => {
    expect(japanDay(new Date('2026-11-22T14:59:59.999Z'))).toBe('2026-11-22');
    expect(japanDay(new Date('2026-11-22T15:00:00.000Z'))).toBe('2026-11-23');
    expect(japanDateStamp(new Date('2026-12-31T15:00:00.000Z'))).toBe('20270101');
  });

  it('starts a day at 15:00 UTC the day before, and knows which days exist', () => {
    expect(japanDayStart('2026-11-21')?.toISOString()).toBe('2026-11-20T15:00:00.000Z');
    expect(japanDayStart('2028-02-29')?.toISOString()).toBe('2028-02-28T15:00:00.000Z');
    expect(japanDayStart('2026-02-29')).toBeNull();
    expect(japanDayStart('2026-13-01')).toBeNull();
  });

  it('lists the days ending on a day, oldest first, across months and years', () => {
    expect(daysEndingOn('2027-01-02', 4)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(daysEndingOn('2028-03-01', 2)).toEqual(['2028-02-29', '2028-03-01']);
    expect(daysEndingOn('2026-11-22', 1)).toEqual(['2026-11-22']);
  });

  it('gives the same days as stepping back a day at a time from a moment (no daylight saving)', () => {
    const now = new Date('2026-11-22T15:30:00.000Z');
    const stepped = Array.from({ length: 14 }, (_, i) => japanDay(new Date(now.getTime() - (13 - i) * 24 * 60 * 60 * 1000)));
    expect(daysEndingOn(japanDay(now), 14)).toEqual(stepped);
  });

  it('formats a time as a Japanese reader expects', () => {
    expect(formatJapanTime('2026-12-31T15:00:00.000Z')).toBe('2027/01/01 00:00:00');
    expect(formatJapanTime('2026-11-20T05:06:07.890Z')).toBe('2026/11/20 14:06:07');
    expect(formatJapanTime('not a time')).toBe('not a time');
  });
});
