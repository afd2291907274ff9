/**
 * Dates as Japanese people write them: 西暦 (1985-04-01, 1985/4/1, 19850401, 1985年4月1日) or 和暦
 * (昭和60年4月1日, S60.4.1, 平成元年1月8日), read into ISO YYYY-MM-DD and shown back as 和暦 with 西暦.
 */
import { normalizeHyphens, toHalfWidth } from './normalize';

export type Era = { name: string; letter: string; start: string; end: string | null };

/** The eras since the calendar was adopted, with their first and last days (ISO). */
export const ERAS: readonly Era[] = [
  { name: '明治', letter: 'M', start: '1868-01-25', end: '1912-07-29' },
  { name: '大正', letter: 'T', start: '1912-07-30', end: '1926-12-24' },
  { name: '昭和', letter: 'S', start: '1926-12-25', end: '1989-01-07' },
  { name: '平成', letter: 'H', start: '1989-01-08', end: '2019-04-30' },
  { name: '令和', letter: 'R', start: '2019-05-01', end: null },
];

/** The earliest birth date taken: older ones are typing mistakes. */
export const BIRTH_DATE_MIN = '1900-01-01';

/** Why typed text is not a date: not a date's shape, no such day, or a day its era did not have. */
export type DateProblem = 'format' | 'nonexistent' | 'outsideEra';
export type BirthDateProblem = DateProblem | 'future' | 'tooOld';
export type DateResult<P> = { ok: true; date: string } | { ok: false; problem: P };

/** The eras as a pattern alternative (名前 or letter), exported so the regex-safety test can rebuild ERA_DATE. */
export const ERA_PATTERN = ERAS.map((e) => `${e.name}|${e.letter}`).join('|');
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// Spaces are removed before matching, and full-width text and dashes are made ASCII.
const WESTERN_SEPARATED = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const WESTERN_DIGITS = /^(\d{4})(\d{2})(\d{2})$/;
const WESTERN_KANJI = /^(\d{4})年(\d{1,2})月(\d{1,2})日?$/;
const ERA_DATE = new RegExp(
  `^(${ERA_PATTERN})(\\d{1,2}|元)(?:年(\\d{1,2})月(\\d{1,2})日?|[-/.](\\d{1,2})[-/.](\\d{1,2}))$`,
  'i',
);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const daysIn = (year: number, month: number) => (month === 2 && isLeap(year) ? 29 : DAYS_IN_MONTH[month - 1]!);

function eraOf(nameOrLetter: string): Era {
  const key = nameOrLetter.toUpperCase();
  // The pattern only matches the names and letters in ERAS.
  return ERAS.find((e) => e.name === key || e.letter === key)!;
}

function isoOf(year: number, month: number, day: number): DateResult<DateProblem> {
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return { ok: false, problem: 'nonexistent' };
  return { ok: true, date: `${pad(year, 4)}-${pad(month)}-${pad(day)}` };
}

/** A typed date (西暦 or 和暦, any width) as YYYY-MM-DD, or why it is not one. */
export function parseJapaneseDate(text: string): DateResult<DateProblem> {
  const compact = normalizeHyphens(toHalfWidth(text)).replace(/\s+/g, '');
  const western = WESTERN_SEPARATED.exec(compact) ?? WESTERN_DIGITS.exec(compact) ?? WESTERN_KANJI.exec(compact);
  if (western) return isoOf(Number(western[1]), Number(western[2]), Number(western[3]));

  const match = ERA_DATE.exec(compact);
  if (!match) return { ok: false, problem: 'format' };
  const era = eraOf(match[1]!);
  const eraYear = match[2] === '元' ? 1 : Number(match[2]);
  const start = Number(era.start.slice(0, 4));
  const result = isoOf(start + eraYear - 1, Number(match[3] ?? match[5]), Number(match[4] ?? match[6]));
  if (!result.ok) return result;
  const within = eraYear >= 1 && result.date >= era.start && (era.end === null || result.date <= era.end);
  return within ? result : { ok: false, problem: 'outsideEra' };
}

/** A birth date as typed, checked against the calendar and `today` (YYYY-MM-DD): no future, none before 1900. */
export function parseBirthDate(text: string, today: string): DateResult<BirthDateProblem> {
  const result = parseJapaneseDate(text);
  if (!result.ok) return result;
  if (result.date < BIRTH_DATE_MIN) return { ok: false, problem: 'tooOld' };
  if (result.date > today) return { ok: false, problem: 'future' };
  return result;
}

/** 1985-04-01 -> 昭和60年4月1日; the first year of an era is 元年. Null before 明治, or for text that is no YYYY-MM-DD date. */
export function toWareki(isoDate: string): string | null {
  const match = ISO_DATE.exec(isoDate);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const era = ERAS.findLast((e) => e.start <= isoDate);
  if (!era || !isoOf(year, month, day).ok) return null;
  const eraYear = year - Number(era.start.slice(0, 4)) + 1;
  return `${era.name}${eraYear === 1 ? '元' : eraYear}年${month}月${day}日`;
}

/** How a birth date is shown: 昭和60年4月1日（1985年）. Blank for none; text that is not a date, as it is. */
export function formatBirthDate(isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  const wareki = toWareki(isoDate);
  return wareki ? `${wareki}（${isoDate.slice(0, 4)}年）` : isoDate;
}
