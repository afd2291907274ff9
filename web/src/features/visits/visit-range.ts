import { todayInJapan } from '@clinic/sync-protocol';
import { ja } from '../../i18n/ja';

const t = ja.visits;

/** The dates the list shows, inclusive (YYYY-MM-DD; null: open on that side). */
export type DateRange = { from: string | null; to: string | null };

/** The first and last day of the month `day` falls in. */
export function monthOf(day: string): { from: string; to: string } {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const prefix = day.slice(0, 7);
  return { from: `${prefix}-01`, to: `${prefix}-${String(last).padStart(2, '0')}` };
}

/** This month in Japan, whatever the device's time zone: the list's first view. */
export const thisMonth = (today: string = todayInJapan()): DateRange => monthOf(today);
export const oneDay = (day: string = todayInJapan()): DateRange => ({ from: day, to: day });

/**
 * A new start date ('' from a cleared box: open). A start after the end moves the end with it, so the
 * range never turns empty by itself.
 */
export function withFrom(range: DateRange, from: string): DateRange {
  const start = from === '' ? null : from;
  return { from: start, to: start !== null && range.to !== null && range.to < start ? start : range.to };
}

/** A new end date; an end before the start moves the start with it. */
export function withTo(range: DateRange, to: string): DateRange {
  const end = to === '' ? null : to;
  return { from: end !== null && range.from !== null && range.from > end ? end : range.from, to: end };
}

/** 日計 for one day, 期間合計 for anything longer (or open). */
export const totalsLabel = (range: DateRange): string =>
  range.from !== null && range.from === range.to ? t.totals.day : t.totals.range;

/** How a range reads in a file name: 2026-11-01_2026-11-30, 2026-11-20, 全期間, 2026-11-01以降. */
export function rangeParts(range: DateRange): string[] {
  const { from, to } = range;
  if (from === null && to === null) return [t.csv.allDates];
  if (from === null) return [t.csv.until(to!)];
  if (to === null) return [t.csv.since(from)];
  return from === to ? [from] : [from, to];
}
