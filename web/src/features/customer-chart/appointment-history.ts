import { addDays } from '@clinic/sync-protocol/rules';

type Booked = {
  date: string;
  start: string;
  minutes: number;
  staffName: string;
  serviceMenu: string;
  status: 'booked' | 'visited' | 'cancelled' | 'noShow';
};

/**
 * A patient's appointments as the chart shows them: the coming ones still booked (today's included), the
 * past ones newest first, and how many of those were cancelled or missed (無断キャンセル).
 */
export function splitAppointments<A extends Booked>(all: readonly A[], today: string) {
  const next = all.filter((a) => a.date >= today && a.status === 'booked');
  const past = all.filter((a) => !next.includes(a)).reverse();
  return {
    next,
    past,
    cancelled: past.filter((a) => a.status === 'cancelled').length,
    noShow: past.filter((a) => a.status === 'noShow').length,
  };
}

/**
 * 次回予約's proposal: a week after today at the time, length, 施術者 and menu of the latest appointment the
 * patient kept (or, without one, of their latest visit, at 10:00 for an hour; by the signed-in person).
 */
export function nextBooking(
  all: readonly Booked[],
  visits: readonly { date: string; staffName: string; serviceMenu: string }[],
  today: string,
  me: string,
) {
  const kept = [...all].reverse().find((a) => a.date <= today && (a.status === 'visited' || a.status === 'booked'));
  const visit = visits[0];
  return {
    date: addDays(today, 7),
    start: kept?.start ?? '10:00',
    minutes: kept?.minutes ?? 60,
    staffName: kept?.staffName ?? (visit?.staffName || me),
    serviceMenu: kept?.serviceMenu ?? visit?.serviceMenu ?? '',
  };
}
