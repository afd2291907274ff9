/**
 * What a Japanese keyboard types, made into what the rules check: full-width digits, letters and
 * symbols become their ASCII forms before a field is judged, so ３５ is an age and ０９０ a phone number.
 * Only width and dash shapes change; anything else a person typed is kept for the rules to refuse.
 */
import { AGE_MAX, AGE_MIN } from './age';

// U+FF01-U+FF5E are ASCII U+0021-U+007E at full width; U+3000 is the full-width space.
const FULL_WIDTH_ASCII = /[\uff01-\uff5e]/g;
const FULL_WIDTH_OFFSET = 0xfee0;
const IDEOGRAPHIC_SPACE = /\u3000/g;

// Hyphen-minus look-alikes an IME or a copied text gives: ‐ ‑ ‒ – — ― − ﹣ －, and the long-vowel mark
// ー (full and half width), which kana input types for "-" between digits.
const HYPHENS = /[\u2010-\u2015\u2212\ufe63\uff0d\u30fc\uff70]/g;

/** Full-width digits, ASCII letters and symbols, and spaces to half width; everything else as typed. */
export function toHalfWidth(text: string): string {
  return text
    .replace(FULL_WIDTH_ASCII, (c) => String.fromCharCode(c.charCodeAt(0) - FULL_WIDTH_OFFSET))
    .replace(IDEOGRAPHIC_SPACE, ' ');
}

/** Every hyphen look-alike (including ー) as "-": for text made of digits and separators only. */
export function normalizeHyphens(text: string): string {
  return text.replace(HYPHENS, '-');
}

/** ０９０ー１２３４ー５６７８ -> 090-1234-5678; （０３）and ＋８１ become (03) and +81. */
export function normalizePhone(text: string): string {
  return normalizeHyphens(toHalfWidth(text)).trim();
}

/** Half width and trimmed. Not lower-cased: the part before @ may be case-sensitive. */
export function normalizeEmail(text: string): string {
  return toHalfWidth(text).trim();
}

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
