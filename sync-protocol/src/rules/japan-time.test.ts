import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  daysEndingOn,
  japanDateStamp,
  japanDateTime,
  japanDay,
  japanDayStart,
  japanMonthStart,
  japanTimeOfDay,
  todayInJapan,
} from './japan-time';

describe('Japan days', () => {
  it('puts a moment on its Japan day, which turns at 15:00 UTC', () => {
    expect(japanDay(new Date('2026-11-22T14:59:59.999Z'))).toBe('2026-11-22');
    expect(japanDay(new Date('2026-11-22T15:00:00.000Z'))).toBe('2026-11-23');
    expect(todayInJapan(new Date('2026-12-31T15:00:00.000Z'))).toBe('2027-01-01');
    expect(japanDateStamp(new Date('2026-12-31T15:00:00.000Z'))).toBe('20270101');
  });

  it('starts a day at 15:00 UTC the day before, and knows which days exist', () => {
    expect(japanDayStart('2026-11-21')?.toISOString()).toBe('2026-11-20T15:00:00.000Z');
    expect(japanDayStart('2028-02-29')?.toISOString()).toBe('2028-02-28T15:00:00.000Z');
    expect(japanDayStart('2026-02-29')).toBeNull();
    expect(japanDayStart('2026-13-01')).toBeNull();
  });

  it("starts a month at Japan's midnight of its first day, across a year's end", () => {
    expect(japanMonthStart(new Date('2026-10-31T23:00:00.000Z')).toISOString()).toBe('2026-10-31T15:00:00.000Z');
    expect(japanMonthStart(new Date('2026-10-31T14:59:59.999Z')).toISOString()).toBe('2026-09-30T15:00:00.000Z');
    expect(japanMonthStart(new Date('2026-12-31T15:00:00.000Z')).toISOString()).toBe('2026-12-31T15:00:00.000Z');
  });

  it('lists the days ending on a day, oldest first, across months and years', () => {
    expect(daysEndingOn('2027-01-02', 4)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(daysEndingOn('2028-03-01', 2)).toEqual(['2028-02-29', '2028-03-01']);
    expect(daysEndingOn('2026-11-22', 1)).toEqual(['2026-11-22']);
  });

  it('gives the same days as stepping back a day at a time from a moment (no daylight saving)', () => {
    const now = new Date('2026-11-22T15:30:00.000Z');
    const stepped = Array.from({ length: 14 }, (_, i) => japanDay(new Date(now.getTime() - (13 - i) * DAY_MS)));
    expect(daysEndingOn(japanDay(now), 14)).toEqual(stepped);
  });
});

describe('japanDateTime', () => {
  it('shows a moment in Japan time, across the date line at 15:00 UTC', () => {
    expect(japanDateTime('2026-11-20T00:15:00.000Z')).toBe('2026-11-20 09:15');
    expect(japanDateTime(new Date('2026-11-24T15:30:00.000Z'))).toBe('2026-11-25 00:30');
    expect(japanDateTime('2026-11-20T10:15:00.000+09:00')).toBe('2026-11-20 10:15');
  });

  it('writes the date with slashes and the seconds when asked', () => {
    expect(japanDateTime('2026-11-24T01:05:00.000Z', { dateSeparator: '/' })).toBe('2026/11/24 10:05');
    expect(japanDateTime('2026-12-31T15:00:00.000Z', { dateSeparator: '/', seconds: true })).toBe(
      '2027/01/01 00:00:00',
    );
    expect(japanDateTime('2026-11-20T05:06:07.890Z', { dateSeparator: '/', seconds: true })).toBe(
      '2026/11/20 14:06:07',
    );
  });

  it('leaves text it cannot read as it is', () => {
    expect(japanDateTime('昨日')).toBe('昨日');
    expect(japanDateTime('not a time', { seconds: true })).toBe('not a time');
    expect(japanDateTime(new Date(Number.NaN))).toBe('');
  });

  it('gives the time of day alone', () => {
    expect(japanTimeOfDay('2026-11-22T00:05:00.000Z')).toBe('09:05');
    expect(japanTimeOfDay('2026-11-22T15:00:00.000Z')).toBe('00:00');
    expect(japanTimeOfDay('?')).toBe('');
  });
});
