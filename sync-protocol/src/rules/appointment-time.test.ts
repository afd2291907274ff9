import { describe, expect, it } from 'vitest';
import {
  type BookedTime,
  type ClinicHours,
  addDays,
  appointmentsOverlap,
  daySlots,
  findOverlaps,
  hoursOf,
  slotIsFree,
  timeRange,
  weekdayOf,
  withinHours,
} from './appointment-time';

const at = (id: string, start: string, minutes: number, more: Partial<BookedTime> = {}): BookedTime => ({
  id,
  date: '2026-12-08',
  start,
  minutes,
  staffName: '佐藤',
  status: 'booked',
  ...more,
});

const WEEK: ClinicHours = [
  null,
  { open: '09:00', close: '19:00' },
  { open: '09:00', close: '19:00' },
  { open: '09:00', close: '12:00' },
  { open: '09:00', close: '19:00' },
  { open: '09:00', close: '19:00' },
  { open: '09:00', close: '17:00' },
];

describe('overlaps', () => {
  it('are the same 施術者 on the same day with intervals that share a minute, neither cancelled', () => {
    expect(appointmentsOverlap(at('a', '10:00', 60), at('b', '10:45', 30))).toBe(true);
    expect(appointmentsOverlap(at('a', '10:00', 60), at('b', '09:00', 61))).toBe(true);
    // Back to back is no overlap: one ends at 11:00 as the next begins.
    expect(appointmentsOverlap(at('a', '10:00', 60), at('b', '11:00', 30))).toBe(false);
    expect(appointmentsOverlap(at('a', '10:00', 60), at('b', '10:30', 30, { staffName: '鈴木' }))).toBe(false);
    expect(appointmentsOverlap(at('a', '10:00', 60), at('b', '10:30', 30, { date: '2026-12-09' }))).toBe(false);
    expect(appointmentsOverlap(at('a', '10:00', 60), at('b', '10:30', 30, { status: 'cancelled' }))).toBe(false);
    expect(appointmentsOverlap(at('a', '10:00', 60), at('b', '10:30', 30, { status: 'noShow' }))).toBe(false);
    expect(appointmentsOverlap(at('a', '10:00', 60), at('b', '10:30', 30, { status: 'visited' }))).toBe(true);
    expect(appointmentsOverlap(at('a', '10:00', 60), at('a', '10:00', 60))).toBe(false);
  });

  it('are found for a whole day, each naming the others it overlaps, as the pairwise rule says', () => {
    const day = [
      at('a', '10:00', 90),
      at('b', '10:30', 30),
      at('c', '11:00', 60),
      at('d', '13:00', 30),
      at('e', '10:15', 30, { staffName: '鈴木' }),
      at('f', '10:00', 60, { status: 'cancelled' }),
    ];
    const found = findOverlaps(day);
    expect(Object.fromEntries([...found].map(([id, ids]) => [id, [...ids].sort()]))).toEqual({
      a: ['b', 'c'],
      b: ['a'],
      c: ['a'],
    });
    for (const x of day)
      for (const y of day) expect((found.get(x.id) ?? []).includes(y.id)).toBe(appointmentsOverlap(x, y));
  });
});

describe('slots and hours', () => {
  it('lists the quarter hours from opening to the last that starts before closing; none on a 休診日', () => {
    const tuesday = daySlots(hoursOf(WEEK, '2026-12-08'));
    expect(tuesday[0]).toBe('09:00');
    expect(tuesday.at(-1)).toBe('18:45');
    expect(tuesday).toHaveLength(40);
    expect(daySlots(hoursOf(WEEK, '2026-12-06'))).toEqual([]);
    expect(daySlots(hoursOf(WEEK, '2026-12-09'))).toHaveLength(12);
  });

  it('widens the day for a booking outside the hours, so none is hidden (also on a 休診日)', () => {
    const slots = daySlots(hoursOf(WEEK, '2026-12-09'), [
      { start: '08:10', minutes: 20 },
      { start: '12:30', minutes: 30 },
    ]);
    expect(slots[0]).toBe('08:00');
    expect(slots.at(-1)).toBe('12:45');
    expect(daySlots(null, [{ start: '10:00', minutes: 30 }])).toEqual(['10:00', '10:15']);
  });

  it('knows whether a booking lies within the hours', () => {
    const tuesday = hoursOf(WEEK, '2026-12-08');
    expect(withinHours(tuesday, '09:00', 60)).toBe(true);
    expect(withinHours(tuesday, '18:30', 30)).toBe(true);
    expect(withinHours(tuesday, '18:30', 45)).toBe(false);
    expect(withinHours(tuesday, '08:45', 30)).toBe(false);
    expect(withinHours(null, '10:00', 30)).toBe(false);
  });

  it('tells a free quarter hour from a taken one for a 施術者', () => {
    const day = [at('a', '10:00', 45), at('b', '11:00', 30, { status: 'cancelled' })];
    const slot = (start: string, staffName = '佐藤') => ({ date: '2026-12-08', start, minutes: 15, staffName });
    expect(slotIsFree(day, slot('10:30'))).toBe(false);
    expect(slotIsFree(day, slot('10:45'))).toBe(true);
    expect(slotIsFree(day, slot('11:00'))).toBe(true);
    expect(slotIsFree(day, slot('10:00', '鈴木'))).toBe(true);
  });

  it('counts days and weekdays on the calendar, across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-08', 7)).toBe('2026-12-15');
    expect(weekdayOf('2026-12-06')).toBe(0);
    expect(timeRange('10:00', 45)).toBe('10:00〜10:45');
  });
});
