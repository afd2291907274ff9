/**
 * A redirect target kept only when it is a path of this very origin. The browser's URL parser drops
 * tabs and newlines and reads `\` as `/`, so `/\tevil.example` or `/\evil.example` would become
 * `//evil.example` (another site) at navigation: such characters are refused before parsing, in
 * their percent-encoded spellings too (a value may have been encoded twice on its way here).
 * Returns the path with its query and hash, or null.
 */
export function safeRedirect(raw: string | null | undefined, origin: string): string | null {
  if (!raw || raw.length > MAX_LENGTH) return null;
  if (UNSAFE_CHARACTER.test(raw) || UNSAFE_ENCODED.test(raw)) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can collapse into `//x` ("/.//x"): the result itself must start with one slash.
  return path.startsWith('/') && !path.startsWith('//') ? path : null;
}

/** A path of this app is short; a longer value is not one the app made. */
const MAX_LENGTH = 2048;
// Control characters (C0, DEL, C1) and the backslash.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f-\u009f\\]/;
/** %00-%1F, %7F and %5C, also with the `%` itself encoded (%2509, %255c, …). */
const UNSAFE_ENCODED = /%(?:25)*(?:[01][0-9a-f]|7f|5c)/i;
