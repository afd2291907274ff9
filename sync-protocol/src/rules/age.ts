/** Age rules: the range a typed age may take, an age as typed, and an age that follows from a birth date. */
import { toHalfWidth } from './normalize';

export const AGE_MIN = 0;
export const AGE_MAX = 150;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** What parseAgeInput answers for a value that is not an age, so it is refused rather than guessed at. */
export const INVALID_AGE: unique symbol = Symbol('invalid age');

/**
 * An age as typed: a whole number AGE_MIN-AGE_MAX, or digits (half or full width, spaces around them
 * allowed). Blank, null and undefined mean "not given". Anything else ("35歳", "3.5", 200) is
 * INVALID_AGE: never cleaned into a different number.
 */
export function parseAgeInput(value: unknown): number | null | typeof INVALID_AGE {
  if (value === undefined || value === null) return null;
  let age: number;
  if (typeof value === 'number') {
    age = value;
  } else if (typeof value === 'string') {
    const text = toHalfWidth(value).trim();
    if (text === '') return null;
    if (!/^[0-9]+$/.test(text)) return INVALID_AGE;
    age = Number(text);
  } else {
    return INVALID_AGE;
  }
  return Number.isInteger(age) && age >= AGE_MIN && age <= AGE_MAX ? age : INVALID_AGE;
}

function parts(isoDate: string): [number, number, number] | null {
  const match = ISO_DATE.exec(isoDate);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/**
 * Whole years from `birthDate` to `today` (both YYYY-MM-DD). A year is added on the birthday itself,
 * so on the day before it one is still younger. Someone born on 2月29日 turns older on 3月1日 in a
 * common year (as 年齢計算ニ関スル法律 counts: at the end of 2月28日). Null when either date is not
 * YYYY-MM-DD or today comes before the birth date (a device clock set wrong).
 */
export function ageOn(birthDate: string, today: string): number | null {
  const born = parts(birthDate);
  const now = parts(today);
  if (!born || !now) return null;
  const [by, bm, bd] = born;
  const [ty, tm, td] = now;
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  const age = ty - by - (hadBirthday ? 0 : 1);
  return age >= 0 ? age : null;
}

/**
 * The age to show: computed from the birth date when there is one, so it stays right over the years;
 * else the age as it was typed.
 */
export function customerAge(customer: { age: number | null; birthDate?: string | null }, today: string): number | null {
  if (customer.birthDate) return ageOn(customer.birthDate, today) ?? customer.age;
  return customer.age;
}
