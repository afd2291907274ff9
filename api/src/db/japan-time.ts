import { todayInJapan } from '@clinic/sync-protocol';

/**
 * The clinic's calendar on the server, whatever the server's own time zone: the stored day columns
 * (device_log_errors.day, operation_logs.server_date) and the access log's day filters are Japan days.
 */

// Japan has one time zone and no daylight saving: a day there starts at 15:00 UTC the day before.
const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The Japan day (YYYY-MM-DD) of a moment. */
export const japanDay = (moment: Date): string => todayInJapan(moment);

/** When a Japanese calendar day (YYYY-MM-DD) begins; null for a day that does not exist (2026-02-30). */
export function japanDayStart(day: string): Date | null {
  const start = new Date(`${day}T00:00:00+09:00`);
  // Date rolls 02-30 over to 03-02 instead of refusing it; the round trip catches that.
  return Number.isNaN(start.getTime()) || japanDay(start) !== day ? null : start;
}

/** `count` consecutive days ending with `lastDay`, oldest first. */
export function daysEndingOn(lastDay: string, count: number): string[] {
  const last = Date.parse(`${lastDay}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(last - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** An ISO time as a Japanese reader expects it: YYYY/MM/DD HH:mm:ss in Japan time. */
export function formatJapanTime(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  const shifted = new Date(time.getTime() + JAPAN_OFFSET_MS).toISOString();
  return `${shifted.slice(0, 10).replaceAll('-', '/')} ${shifted.slice(11, 19)}`;
}

/** Today in Japan as YYYYMMDD, for file names. */
export const japanDateStamp = (now: Date): string => japanDay(now).replaceAll('-', '');
