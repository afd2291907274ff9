/**
 * Text normalisation, every kind the app has, in one place. Two uses, kept apart:
 * - folding what a Japanese keyboard types before a field's rules judge it (toHalfWidth,
 *   normalizeHyphens, normalizePhone, normalizeEmail, normalizeLoginId, toFullWidthKatakana): only
 *   width, dash shapes, surrounding spaces, a login's case and a フリガナ's kana kind change, never the
 *   characters a person chose;
 * - keys for comparing and searching (normalizeForSearch, compactText, phoneDigits): never stored in
 *   place of what was typed, only set side by side with it.
 */

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

/** Login identifiers (a user name or an e-mail) are compared trimmed and lower-cased (spec 5). */
export function normalizeLoginId(value: string): string {
  return value.trim().toLowerCase();
}

const KATAKANA = /[\u30a1-\u30f6]/g;
const KATAKANA_TO_HIRAGANA = 0x60;
// Half-width katakana with its marks (ﾞ ﾟ ｰ) and punctuation (｡ ｢ ｣ ､ ･), taken as runs so ｶﾞ stays one ガ.
const HALF_WIDTH_KANA = /[\uff61-\uff9f]+/g;
// ぁ-ゖ and the iteration marks ゝ ゞ: each has its katakana 0x60 further on.
const HIRAGANA = /[\u3041-\u3096\u309d\u309e]/g;

/**
 * A フリガナ as stored: full-width katakana whether it was typed in half width (ｽｽﾞｷ) or in hiragana
 * (すずき). Nothing else changes: spaces, letters, digits and kanji stay as typed.
 */
export function toFullWidthKatakana(text: string): string {
  return text
    .replace(HALF_WIDTH_KANA, (run) => run.normalize('NFKC'))
    .replace(HIRAGANA, (c) => String.fromCharCode(c.charCodeAt(0) + KATAKANA_TO_HIRAGANA));
}
const SPACES_AND_DASHES = /[\s\-‐‑‒–—―−ー]/g;

/**
 * A search key that matches the way people type Japanese: NFKC folds full-width letters and digits and
 * half-width katakana (ｶﾞ -> ガ), katakana becomes hiragana, case is ignored, and spaces and hyphens
 * (including the long-vowel mark an IME types in phone numbers) are dropped so 090-1234 matches 0901234.
 * Rows and the query go through the same function, so the two always agree.
 */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(KATAKANA, (c) => String.fromCharCode(c.charCodeAt(0) - KATAKANA_TO_HIRAGANA))
    .replace(SPACES_AND_DASHES, '');
}

/** Widths folded (NFKC: ｱ and ア, Ａ and A, （ and ( alike) and every space removed: 山田　花子 = 山田花子. */
export function compactText(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, '');
}

/** A phone number as its digits only, in any width: ０９０ー１２３４ = 090-1234 = 0901234. */
export function phoneDigits(phone: string): string {
  return phone.normalize('NFKC').replace(/\D/g, '');
}
