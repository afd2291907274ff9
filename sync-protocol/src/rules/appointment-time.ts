/**
 * The appointment book's arithmetic (予約表), zod-free so the device's first screen and the server's
 * overlap check share it: clock times, the day's quarter-hour slots within the clinic's hours, and which
 * appointments overlap.
 */

/** The grid's column: a quarter of an hour. */
export const SLOT_MINUTES = 15;

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** HH:MM on a 24-hour clock (00:00–23:59). */
export function isClockTime(text: string): boolean {
  return CLOCK.test(text);
}

/** Minutes since midnight of HH:MM (a caller passes a checked time). */
export function clockMinutes(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** HH:MM of minutes since midnight. */
export function clockTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** 10:00〜10:45 */
export function timeRange(start: string, minutes: number): string {
  return `${start}〜${clockTime(clockMinutes(start) + minutes)}`;
}

/** What the overlap check reads of an appointment. */
export type BookedTime = {
  id: string;
  date: string;
  start: string;
  minutes: number;
  staffName: string;
  status: string;
};

/** Only a kept booking holds its time: a cancelled one (or a no-show) frees it. */
export function holdsTime(status: string): boolean {
  return status === 'booked' || status === 'visited';
}

/** The same 施術者 on the same day, intervals that overlap ([start, end): one ending at 10:00 and one starting then do not), neither cancelled. */
export function appointmentsOverlap(a: BookedTime, b: BookedTime): boolean {
  if (a.id === b.id || a.date !== b.date || a.staffName !== b.staffName) return false;
  if (!holdsTime(a.status) || !holdsTime(b.status)) return false;
  const [aStart, bStart] = [clockMinutes(a.start), clockMinutes(b.start)];
  return aStart < bStart + b.minutes && bStart < aStart + a.minutes;
}

/** For each appointment that overlaps another, the ids of those it overlaps (sweep by start per 施術者). */
export function findOverlaps(list: readonly BookedTime[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const groups = new Map<string, BookedTime[]>();
  for (const a of list) {
    if (!holdsTime(a.status)) continue;
    const key = `${a.date}|${a.staffName}`;
    const group = groups.get(key);
    if (group) group.push(a);
    else groups.set(key, [a]);
  }
  const add = (from: string, to: string) => {
    const ids = out.get(from);
    if (ids) ids.push(to);
    else out.set(from, [to]);
  };
  for (const group of groups.values()) {
    group.sort((x, y) => clockMinutes(x.start) - clockMinutes(y.start));
    for (let i = 0; i < group.length; i++) {
      const end = clockMinutes(group[i]!.start) + group[i]!.minutes;
      for (let j = i + 1; j < group.length && clockMinutes(group[j]!.start) < end; j++) {
        add(group[i]!.id, group[j]!.id);
        add(group[j]!.id, group[i]!.id);
      }
    }
  }
  return out;
}

/** One weekday's 診療時間; null is 休診日. */
export type DayHours = { open: string; close: string } | null;
/** 日曜 (0) to 土曜 (6), as Date.getUTCDay counts. */
export type ClinicHours = readonly [DayHours, DayHours, DayHours, DayHours, DayHours, DayHours, DayHours];

export const WEEKDAY_NAMES = ['日', '月', '火', '水', '木', '金', '土'] as const;

/** The weekday (0 = 日曜) of a YYYY-MM-DD calendar day. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The calendar day `days` after (or before) a YYYY-MM-DD day. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** That day's hours, or null when the clinic is closed (休診日). */
export function hoursOf(hours: ClinicHours, date: string): DayHours {
  return hours[weekdayOf(date)] ?? null;
}

/**
 * The day's quarter-hour slots (HH:MM) from opening to the last one that starts before closing. A closed
 * day has none; appointments booked outside the hours widen the range so none is ever hidden.
 */
export function daySlots(day: DayHours, booked: readonly { start: string; minutes: number }[] = []): string[] {
  let from = day ? clockMinutes(day.open) : Infinity;
  let to = day ? clockMinutes(day.close) : -Infinity;
  for (const b of booked) {
    from = Math.min(from, clockMinutes(b.start));
    to = Math.max(to, clockMinutes(b.start) + b.minutes);
  }
  if (from >= to) return [];
  from = Math.floor(from / SLOT_MINUTES) * SLOT_MINUTES;
  const slots: string[] = [];
  for (let m = from; m < to; m += SLOT_MINUTES) slots.push(clockTime(m));
  return slots;
}

/** Whether an appointment lies wholly within the day's hours (false on a 休診日). */
export function withinHours(day: DayHours, start: string, minutes: number): boolean {
  if (!day) return false;
  const s = clockMinutes(start);
  return s >= clockMinutes(day.open) && s + minutes <= clockMinutes(day.close);
}

/** Whether a slot of the given length is free for a 施術者 among the day's appointments. */
export function slotIsFree(
  list: readonly BookedTime[],
  slot: { date: string; start: string; minutes: number; staffName: string },
): boolean {
  // An id no record has, so the probe never counts as the appointment itself.
  const probe: BookedTime = { ...slot, id: '\u0000', status: 'booked' };
  return !list.some((a) => appointmentsOverlap(probe, a));
}
