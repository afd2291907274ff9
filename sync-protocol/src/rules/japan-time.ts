/**
 * The clinic's clock, the one time-zone policy of the app: every date and time a screen shows, a file
 * is named or dated by, or a day is counted in, is Japan time, whatever the time zone of the tablet,
 * its browser or the server (a container often runs in UTC). Japan is UTC+9 all year and has had no
 * daylight saving since 1951, so a fixed offset is exact and needs no time-zone database.
 */

const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** A moment as Japan's wall clock reads it: YYYY-MM-DDTHH:mm:ss.sss (no zone); null for an invalid one. */
function japanClock(moment: Date | string): string | null {
  const time = typeof moment === 'string' ? Date.parse(moment) : moment.getTime();
  return Number.isNaN(time) ? null : new Date(time + JAPAN_OFFSET_MS).toISOString();
}

/** The Japan day (YYYY-MM-DD) of a moment. */
export function japanDay(moment: Date): string {
  return japanClock(moment)?.slice(0, 10) ?? '';
}

/** Today's date in Japan as YYYY-MM-DD. */
export function todayInJapan(now: Date = new Date()): string {
  return japanDay(now);
}

/** Today in Japan as YYYYMMDD, for file names. */
export function japanDateStamp(now: Date): string {
  return japanDay(now).replaceAll('-', '');
}

/** When a Japanese calendar day (YYYY-MM-DD) begins; null for a day that does not exist (2026-02-30). */
export function japanDayStart(day: string): Date | null {
  const start = new Date(Date.parse(`${day}T00:00:00Z`) - JAPAN_OFFSET_MS);
  // Date rolls 02-30 over to 03-02 instead of refusing it; the round trip catches that.
  return Number.isNaN(start.getTime()) || japanDay(start) !== day ? null : start;
}

/** When the Japanese calendar month of `now` began (1 November 00:00 in Japan is 31 October 15:00 UTC). */
export function japanMonthStart(now: Date): Date {
  return japanDayStart(`${japanDay(now).slice(0, 7)}-01`)!;
}

/** `count` consecutive days ending with `lastDay`, oldest first. */
export function daysEndingOn(lastDay: string, count: number): string[] {
  const last = Date.parse(`${lastDay}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(last - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

export type JapanDateTimeStyle = {
  /** Between year, month and day: 2026-11-20 (lists and records, the default) or 2026/11/20. */
  dateSeparator?: '-' | '/';
  /** With the seconds (the access log's CSV): 09:15:07. */
  seconds?: boolean;
};

/**
 * A moment (ISO text or a Date) in Japan time: 2026-11-20 09:15, or 2026/11/20 09:15:07 by `style`.
 * Text that is no time is given back as it is, so a screen shows what was stored rather than nothing.
 */
export function japanDateTime(moment: string | Date, style: JapanDateTimeStyle = {}): string {
  const clock = japanClock(moment);
  if (clock === null) return typeof moment === 'string' ? moment : '';
  const date = style.dateSeparator === '/' ? clock.slice(0, 10).replaceAll('-', '/') : clock.slice(0, 10);
  return `${date} ${clock.slice(11, style.seconds ? 19 : 16)}`;
}

/** The time of day in Japan, HH:mm ('' for an invalid moment). */
export function japanTimeOfDay(moment: string | Date): string {
  return japanClock(moment)?.slice(11, 16) ?? '';
}
