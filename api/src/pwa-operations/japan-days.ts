import { todayInJapan } from '@clinic/sync-protocol';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Japan day (YYYY-MM-DD) of a moment: the clinic's day, whatever the server's time zone. */
export const japanDay = (moment: Date): string => todayInJapan(moment);

/** `count` consecutive days ending with `lastDay`, oldest first. */
export function daysEndingOn(lastDay: string, count: number): string[] {
  const last = Date.parse(`${lastDay}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(last - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}
