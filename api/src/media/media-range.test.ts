import { describe, expect, it } from 'vitest';
import { linkKey, signLink, verifyLink } from './media-link';
import { parseRange } from './media-range';

describe('parseRange', () => {
  it('reads a start-end, an open end and a suffix, clamped to the file', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=500-', 1000)).toEqual({ start: 500, end: 999 });
    expect(parseRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange('Bytes = 1-1', 1000)).toEqual({ start: 1, end: 1 });
  });

  it('serves the whole file without a byte range, or for several ranges', () => {
    expect(parseRange(undefined, 1000)).toBeNull();
    expect(parseRange('', 1000)).toBeNull();
    expect(parseRange('items=0-1', 1000)).toBeNull();
    expect(parseRange('bytes=0-1,5-9', 1000)).toBeNull();
  });

  it('finds ranges beyond the file or malformed unsatisfiable', () => {
    for (const header of [
      'bytes=1000-',
      'bytes=1000-1001',
      'bytes=5-4',
      'bytes=-0',
      'bytes=-',
      'bytes=a-b',
      'bytes=1.5-2',
    ]) {
      expect(parseRange(header, 1000), header).toBe('unsatisfiable');
    }
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
  });
});

describe('signed links', () => {
  const key = linkKey('secret-0123456789-abcdefghijklmnopqrstuvwxyz');
  const id = crypto.randomUUID();
  const user = crypto.randomUUID();
  const now = new Date('2026-11-22T09:00:00.000Z');

  it('names the session it was made in, until it expires 15 minutes later', () => {
    const { sig, exp } = signLink(key, id, user, now);
    expect(exp).toBe(now.getTime() / 1000 + 15 * 60);
    expect(verifyLink(key, id, sig, String(exp), now)).toBe(user);
    expect(verifyLink(key, id, sig, String(exp), new Date(exp * 1000 - 1))).toBe(user);
    expect(verifyLink(key, id, sig, String(exp), new Date(exp * 1000))).toBeNull();
  });

  it('fails for another file, another key, a changed time or user, or garbage', () => {
    const { sig, exp } = signLink(key, id, user, now);
    const mac = sig.slice(sig.indexOf('.'));
    expect(verifyLink(key, crypto.randomUUID(), sig, String(exp), now)).toBeNull();
    expect(verifyLink(linkKey('another-secret-0123456789-abcdefghijklmn'), id, sig, String(exp), now)).toBeNull();
    expect(verifyLink(key, id, sig, String(exp + 1), now)).toBeNull();
    expect(verifyLink(key, id, `${crypto.randomUUID()}${mac}`, String(exp), now)).toBeNull();
    for (const [s, e] of [
      [undefined, String(exp)],
      [sig, undefined],
      ['', String(exp)],
      [mac, String(exp)],
      [sig, '1e12'],
      [sig, `${exp}x`],
    ]) {
      expect(verifyLink(key, id, s, e, now)).toBeNull();
    }
  });
});
