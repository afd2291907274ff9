import { describe, expect, it } from 'vitest';
import { nextBooking, splitAppointments } from './appointment-history';

const a = (date: string, status: 'booked' | 'visited' | 'cancelled' | 'noShow', more = {}) => ({
  date,
  start: '15:30',
  minutes: 45,
  staffName: '佐藤',
  serviceMenu: '鍼灸',
  status,
  ...more,
});

describe('the chart’s appointments', () => {
  it('splits the coming bookings from the past ones and counts キャンセル and 無断キャンセル', () => {
    const all = [
      a('2026-11-01', 'visited'),
      a('2026-11-08', 'cancelled'),
      a('2026-11-15', 'noShow'),
      a('2026-11-22', 'cancelled'),
      a('2026-12-08', 'booked'),
      a('2026-12-15', 'booked'),
      a('2026-12-20', 'cancelled'),
    ];
    const split = splitAppointments(all, '2026-12-08');
    expect(split.next.map((x) => x.date)).toEqual(['2026-12-08', '2026-12-15']);
    expect(split.past.map((x) => x.date)).toEqual([
      '2026-12-20',
      '2026-11-22',
      '2026-11-15',
      '2026-11-08',
      '2026-11-01',
    ]);
    expect([split.cancelled, split.noShow]).toEqual([3, 1]);
  });

  it('proposes a week later with the same 施術者, menu, time and length as the last kept appointment', () => {
    const all = [a('2026-12-01', 'visited'), a('2026-12-05', 'cancelled', { staffName: '鈴木' })];
    expect(nextBooking(all, [], '2026-12-08', 'admin')).toEqual({
      date: '2026-12-15',
      start: '15:30',
      minutes: 45,
      staffName: '佐藤',
      serviceMenu: '鍼灸',
    });
  });

  it('falls back to the last visit, then to the signed-in person, at 10:00 for an hour', () => {
    expect(
      nextBooking([], [{ date: '2026-12-01', staffName: '田中', serviceMenu: '整体' }], '2026-12-31', 'admin'),
    ).toEqual({
      date: '2027-01-07',
      start: '10:00',
      minutes: 60,
      staffName: '田中',
      serviceMenu: '整体',
    });
    expect(nextBooking([], [], '2026-12-08', 'admin').staffName).toBe('admin');
  });
});
