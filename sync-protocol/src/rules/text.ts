/** Rules every free-text field shares. Zod-free, so the login page and the server can use them alone. */

export const TEXT_MESSAGES = {
  unusableChar: '使用できない文字が含まれています',
} as const;

// Half of a UTF-16 pair on its own: a high half not followed by a low one, or a low half not preceded
// by a high one. No `u` flag, so the pattern sees code units; no lookbehind, which older Safari lacks.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/;

/** Such text has no UTF-8 form: the database would keep "�" in its place. */
export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

/**
 * Characters no one types that the stores cannot keep: a lone surrogate, and NUL, which PostgreSQL
 * refuses in text (the write would fail on every retry).
 */
export function hasUnusableChar(value: string): boolean {
  return value.includes('\u0000') || hasLoneSurrogate(value);
}
