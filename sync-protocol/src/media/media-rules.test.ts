import { describe, expect, it } from 'vitest';
import {
  MEDIA_LIMITS,
  MEDIA_MIME_TYPES,
  SNIFF_BYTES,
  extensionOf,
  kindOfMime,
  mediaFileName,
  sizeLimitOf,
  sniffMediaType,
} from './media-rules';

const bytes = (...values: number[]) => new Uint8Array([...values, ...new Array(SNIFF_BYTES).fill(0)]);
const text = (value: string) => new TextEncoder().encode(value);

describe('sniffMediaType', () => {
  it('recognises JPEG, PNG, GIF, WebM and MP4 by their first bytes', () => {
    expect(sniffMediaType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffMediaType(text('GIF89a\x01\x00\x01\x00'))).toBe('image/gif');
    expect(sniffMediaType(text('GIF87a\x01\x00\x01\x00'))).toBe('image/gif');
    expect(sniffMediaType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffMediaType(bytes(0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81))).toBe('video/webm');
    expect(sniffMediaType(new Uint8Array([0, 0, 0, 0x20, ...text('ftypisom'), 0, 0, 2, 0]))).toBe('video/mp4');
  });

  it('refuses an SVG, an HTML page or a script, whatever they are named', () => {
    expect(sniffMediaType(text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'))).toBeNull();
    expect(sniffMediaType(text('<?xml version="1.0"?><svg></svg>'))).toBeNull();
    expect(sniffMediaType(text('<!DOCTYPE html><html><script>alert(1)</script></html>'))).toBeNull();
    expect(sniffMediaType(text('\ufeff<html><body>写真</body></html>'))).toBeNull();
    expect(sniffMediaType(text('alert(document.cookie)'))).toBeNull();
  });

  it('refuses other images and cut-off headers', () => {
    expect(sniffMediaType(text('GIF88a\x01\x00\x01\x00'))).toBeNull();
    expect(sniffMediaType(text('RIFF\x00\x00\x00\x00WEBPVP8 '))).toBeNull();
    expect(sniffMediaType(new Uint8Array([]))).toBeNull();
    expect(sniffMediaType(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(sniffMediaType(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(sniffMediaType(new Uint8Array([0, 0, 0, 0x20, ...text('ftp')]))).toBeNull();
  });
});

describe('kinds, limits and names', () => {
  it('gives each type its kind and each kind its limit', () => {
    expect([
      kindOfMime('image/jpeg'),
      kindOfMime('image/png'),
      kindOfMime('video/webm'),
      kindOfMime('video/mp4'),
    ]).toEqual(['photo', 'photo', 'video', 'video']);
    expect(sizeLimitOf('photo')).toBe(10 * 1024 * 1024);
    expect(sizeLimitOf('video')).toBe(500 * 1024 * 1024);
    expect(MEDIA_LIMITS).toEqual({ photoBytes: 10 * 1024 * 1024, videoBytes: 500 * 1024 * 1024 });
  });

  it('names a download by its capture time: video_original_{ms}.webm, photo_{ms}.jpg', () => {
    const at = '2026-11-27T01:02:03.456Z';
    const ms = Date.parse(at);
    expect(mediaFileName('video', 'video/webm', at)).toBe(`video_original_${ms}.webm`);
    expect(mediaFileName('video', 'video/mp4', at)).toBe(`video_original_${ms}.mp4`);
    expect(mediaFileName('photo', 'image/jpeg', at)).toBe(`photo_${ms}.jpg`);
    expect(mediaFileName('photo', 'image/png', 'not a date')).toBe('photo_0.png');
    expect(MEDIA_MIME_TYPES.map(extensionOf)).toEqual(['jpg', 'png', 'gif', 'webm', 'mp4']);
  });
});
