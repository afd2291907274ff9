import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** One value found in a file of the browser's profile, and how it was written there. */
export type FoundValue = { value: string; encoding: string; file: string };

/**
 * Base64 of `bytes` as it appears inside a longer base64 text whatever its alignment there: for each of the
 * three alignments, the whole 3-byte groups of what follows it, encoded without padding.
 */
function base64Forms(bytes: Buffer): string[] {
  return [0, 1, 2].map((skip) => {
    const part = bytes.subarray(skip);
    return part.subarray(0, part.length - (part.length % 3)).toString('base64');
  });
}

/** The byte strings a value may be written as: raw text, base64, percent-encoding, JSON's \u escapes. */
function encodingsOf(value: string): Array<{ encoding: string; bytes: Buffer }> {
  const utf8 = Buffer.from(value, 'utf8');
  const utf16 = Buffer.from(value, 'utf16le');
  const percent = encodeURIComponent(value);
  const escaped = [...value].map((c) => (c.charCodeAt(0) < 128 ? c : `\\u${c.charCodeAt(0).toString(16)}`)).join('');
  const forms: Array<[string, string | Buffer]> = [
    ['UTF-8', utf8],
    ['UTF-16LE', utf16],
    ...base64Forms(utf8).map((b64): [string, string] => ['base64 of UTF-8', b64]),
    ...base64Forms(utf16).map((b64): [string, string] => ['base64 of UTF-16LE', b64]),
    ['percent-encoded', percent],
    ['percent-encoded (lower case)', percent.replace(/%[0-9A-F]{2}/g, (s) => s.toLowerCase())],
    ['JSON \\u escapes', escaped],
  ];
  // An ASCII value is the same in several of them: each distinct form once, under its first name.
  const distinct = new Map<string, { encoding: string; bytes: Buffer }>();
  for (const [encoding, form] of forms) {
    const bytes = typeof form === 'string' ? Buffer.from(form, 'utf8') : form;
    if (!distinct.has(bytes.toString('hex'))) distinct.set(bytes.toString('hex'), { encoding, bytes });
  }
  return [...distinct.values()];
}

function* filesUnder(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = lstatSync(path); // not through links (Chromium's SingletonSocket and friends)
    if (stat.isDirectory()) yield* filesUnder(path);
    else if (stat.isFile()) yield path;
  }
}

/**
 * Every file under `dir` (a browser's user-data-dir), read raw as a thief with the tablet's disk could:
 * which of `values` each holds, in which encoding.
 */
export function findInProfile(dir: string, values: string[]): FoundValue[] {
  const wanted = values.map((value) => ({ value, forms: encodingsOf(value) }));
  const found: FoundValue[] = [];
  for (const path of filesUnder(dir)) {
    const content = readFileSync(path);
    for (const { value, forms } of wanted)
      for (const { encoding, bytes } of forms)
        if (content.includes(bytes)) found.push({ value, encoding, file: relative(dir, path) });
  }
  return found;
}
