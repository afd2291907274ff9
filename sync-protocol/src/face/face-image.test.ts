import { describe, expect, it } from 'vitest';
import { FACE_IMAGE_MAX_BYTES, FACE_MESSAGES, checkFaceImage } from './face-image';

const head = (...values: number[]) => new Uint8Array([...values, ...new Array(16).fill(0)]);
const text = (value: string) => new TextEncoder().encode(value.padEnd(16, ' '));

describe('checkFaceImage', () => {
  it('takes JPEG, PNG and GIF up to 5MB', () => {
    expect(checkFaceImage(head(0xff, 0xd8, 0xff, 0xe0), 1000)).toEqual({ ok: true, type: 'image/jpeg' });
    expect(checkFaceImage(head(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), FACE_IMAGE_MAX_BYTES)).toEqual({
      ok: true,
      type: 'image/png',
    });
    expect(checkFaceImage(text('GIF89a'), 10)).toEqual({ ok: true, type: 'image/gif' });
  });

  it('refuses what is not a picture, a video, and anything over 5MB with the spec texts', () => {
    expect(checkFaceImage(text('<svg onload="x">'), 10)).toEqual({ ok: false, message: FACE_MESSAGES.notImage });
    expect(checkFaceImage(head(0x1a, 0x45, 0xdf, 0xa3), 10)).toEqual({
      ok: false,
      message: '画像ファイルを選択してください',
    });
    expect(checkFaceImage(head(0xff, 0xd8, 0xff, 0xe0), FACE_IMAGE_MAX_BYTES + 1)).toEqual({
      ok: false,
      message: 'ファイルサイズは5MB以下にしてください',
    });
  });
});
