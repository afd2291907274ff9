import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { FACE_IMAGE_MAX_BYTES } from '@clinic/sync-protocol/face';
import sharp from 'sharp';
import { beforeEach, expect, it } from 'vitest';
import { html, jpeg, png } from '../media/media-test-support';
import { authed, describeEachDatabase, failure } from '../test/harness';
import { adminGet, analysisAnswer, device, postPhotoLog, storedRows, tokens } from './pwa-operations-test-support';

const NOT_IMAGE = failure('VALIDATION_ERROR', '画像ファイルを選択してください');
const TOO_LARGE = failure('PAYLOAD_TOO_LARGE', 'ファイルサイズは5MB以下にしてください');
const UNREADABLE = failure('VALIDATION_ERROR', '画像を読み取れませんでした。別の画像でもう一度お試しください');

/** A PNG whose header claims `width` × `height` pixels and whose data is a few bytes: a decompression bomb's shape. */
function pngClaiming(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([
      signature,
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.alloc(1024))),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

const fields = (extra: Record<string, string> = {}) => ({
  id: crypto.randomUUID(),
  operation: 'face_analysis_error',
  screen: '/face-analysis',
  timestamp: '2026-11-28T03:00:00.000Z',
  device: JSON.stringify({ type: 'tablet', os: 'iPadOS', browser: 'Safari' }),
  userAgent: 'Mozilla/5.0 (iPad)',
  sessionId: 'session-2',
  ...extra,
});

describeEachDatabase('POST /api/pwa-operations/log-with-photo', (getCtx) => {
  let admin: string;
  beforeEach(async () => ({ admin } = await tokens(getCtx())));

  const photoOf = (path: string) => getCtx().app.request(path, { headers: authed(admin) });

  it('keeps a PNG and a JPEG with their entries as freshly encoded JPEGs, served to an administrator', async () => {
    const photos = [await png(16, 16), await jpeg(32, 24)];
    for (const [i, photo] of photos.entries()) {
      const sent = fields({
        timestamp: `2026-11-28T03:00:0${i}.000Z`,
        error: 'Network Error',
        apiResponse: JSON.stringify(analysisAnswer(0)),
        data: 'plain note',
      });
      const res = await postPhotoLog(getCtx().app, photo, sent);
      const photoPath = `/api/pwa-operations/photo/${sent.id}`;
      expect([res.status, res.body.data]).toEqual([201, { received: 1, stored: 1, photoPath }]);

      const served = await photoOf(photoPath);
      expect([served.status, served.headers.get('content-type'), served.headers.get('x-content-type-options')]).toEqual(
        [200, 'image/jpeg', 'nosniff'],
      );
      const kept = Buffer.from(await served.arrayBuffer());
      expect(Buffer.compare(kept, Buffer.from(photo))).not.toBe(0);
      expect(await sharp(kept).metadata()).toMatchObject({
        format: 'jpeg',
        width: i === 0 ? 16 : 32,
        height: i === 0 ? 16 : 24,
      });

      const report = await adminGet(getCtx().app, admin, `/error-report/${sent.id}`);
      expect(report.entry).toMatchObject({
        id: sent.id,
        photoPath,
        sessionId: 'session-2',
        device: { type: 'tablet', os: 'iPadOS', browser: 'Safari', screenWidth: null, userAgent: 'Mozilla/5.0 (iPad)' },
        data: 'plain note',
        error: { message: 'Network Error', stack: '', code: '' },
        apiResponse: analysisAnswer(0),
      });
    }
    expect(await storedRows(getCtx())).toMatchObject([{ photo_mime: 'image/jpeg' }, { photo_mime: 'image/jpeg' }]);
  });

  it('decodes every photo: bytes that only start like a picture, a cut-off JPEG and a decompression bomb are refused, keeping nothing', async () => {
    // 5 MiB of noise behind a JPEG's first bytes: sniffed as a JPEG, yet no picture.
    const noise = new Uint8Array(randomBytes(FACE_IMAGE_MAX_BYTES - 1024));
    noise.set([0xff, 0xd8, 0xff, 0xe0]);
    const whole = await jpeg(640, 480);
    const cut = whole.subarray(0, whole.length - 400);
    for (const photo of [noise, cut, pngClaiming(30_000, 30_000)]) {
      const res = await postPhotoLog(getCtx().app, photo, fields());
      expect([res.status, res.body]).toEqual([400, UNREADABLE]);
    }
    expect(await storedRows(getCtx())).toEqual([]);
    expect(await getCtx().db.selectFrom('operation_log_photos').selectAll().execute()).toEqual([]);
  });

  it('keeps only the pixels: no metadata (GPS, camera) survives, and a large photo is kept at 1920 pixels at most', async () => {
    const tagged = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#88aacc' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Clinic Camera', ImageDescription: 'GPS 35.6812,139.7671' } })
      .toBuffer();
    expect((await sharp(tagged).metadata()).exif).toBeDefined();
    const sent = fields();
    expect((await postPhotoLog(getCtx().app, new Uint8Array(tagged), sent)).status).toBe(201);
    const kept = Buffer.from(await (await photoOf(`/api/pwa-operations/photo/${sent.id}`)).arrayBuffer());
    const meta = await sharp(kept).metadata();
    expect([meta.width, meta.height, meta.exif, meta.icc, meta.xmp]).toEqual([
      1920,
      1440,
      undefined,
      undefined,
      undefined,
    ]);
    expect(kept.includes('Clinic Camera')).toBe(false);
    expect(await storedRows(getCtx())).toMatchObject([{ photo_mime: 'image/jpeg', photo_size: kept.length }]);
  });

  it('keeps an entry and its photo once when sent twice', async () => {
    const sent = fields();
    const photo = await png();
    expect((await postPhotoLog(getCtx().app, photo, sent)).body.data).toEqual({
      received: 1,
      stored: 1,
      photoPath: `/api/pwa-operations/photo/${sent.id}`,
    });
    expect((await postPhotoLog(getCtx().app, photo, sent)).body.data).toEqual({
      received: 1,
      stored: 0,
      photoPath: `/api/pwa-operations/photo/${sent.id}`,
    });
    expect(await getCtx().db.selectFrom('operation_log_photos').select('log_id').execute()).toEqual([
      { log_id: sent.id },
    ]);
  });

  it('refuses a page renamed .jpg, no photo, bad fields and a photo over 5 MB, keeping nothing', async () => {
    const oversized = new Uint8Array(FACE_IMAGE_MAX_BYTES + 1);
    oversized.set(await png());
    const cases: [Uint8Array | null, Record<string, string>, number, unknown][] = [
      [html(), fields(), 400, NOT_IMAGE],
      [null, fields(), 400, NOT_IMAGE],
      [await png(), fields({ id: 'x' }), 400, failure('VALIDATION_ERROR', '操作ログの形式が正しくありません')],
      [await png(), fields({ sessionId: '' }), 400, failure('VALIDATION_ERROR', '操作ログの形式が正しくありません')],
      [oversized, fields(), 413, TOO_LARGE],
      [new Uint8Array(6 * 1024 * 1024), fields(), 413, TOO_LARGE],
    ];
    for (const [photo, sent, status, body] of cases) {
      const res = await postPhotoLog(getCtx().app, photo, sent);
      expect([res.status, res.body]).toEqual([status, body]);
    }
    expect(await storedRows(getCtx())).toEqual([]);
    expect(await getCtx().db.selectFrom('operation_log_photos').selectAll().execute()).toEqual([]);
  });

  it('refuses a declared 100 MB upload from its length, without reading the body', async () => {
    // A body that never ends: reading it would hang the test.
    const endless = new ReadableStream<Uint8Array>({ pull: () => undefined });
    const headers = { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(100 * 1024 * 1024) };
    const res = await getCtx().app.request('/api/pwa-operations/log-with-photo', {
      method: 'POST',
      headers,
      body: endless,
      duplex: 'half',
    });
    expect([res.status, await res.json()]).toEqual([413, TOO_LARGE]);
  });

  it('takes the form exactly as spec 7 lists it, without an id', async () => {
    const { id: _none, ...spec } = fields({
      data: '{"online":true}',
      error: 'timeout',
      apiResponse: '{"success":false}',
    });
    const res = await postPhotoLog(getCtx().app, await png(), spec);
    expect(res.status).toBe(201);
    const [row] = await storedRows(getCtx());
    expect(row?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.data).toEqual({ received: 1, stored: 1, photoPath: `/api/pwa-operations/photo/${row?.id}` });
  });

  it('takes the device from userAgent alone when no device JSON is sent', async () => {
    const { device: _omitted, ...sent } = fields({ userAgent: device.userAgent });
    expect((await postPhotoLog(getCtx().app, await png(), sent)).status).toBe(201);
    expect(await storedRows(getCtx())).toMatchObject([
      { device_type: '', device: expect.stringContaining(device.userAgent) },
    ]);
  });

  it('answers 404 for a photo never sent, 400 for a malformed id', async () => {
    const unknown = await getCtx().app.request(`/api/pwa-operations/photo/${crypto.randomUUID()}`, {
      headers: authed(admin),
    });
    expect([unknown.status, await unknown.json()]).toEqual([404, failure('NOT_FOUND', 'ログが見つかりません')]);
    const malformed = await getCtx().app.request('/api/pwa-operations/photo/..%2Fetc', { headers: authed(admin) });
    expect([malformed.status, await malformed.json()]).toEqual([
      400,
      failure('VALIDATION_ERROR', 'ログのIDが正しくありません'),
    ]);
  });
});
