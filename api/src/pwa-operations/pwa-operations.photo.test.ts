import { FACE_IMAGE_MAX_BYTES } from '@clinic/sync-protocol/face';
import { beforeEach, expect, it } from 'vitest';
import { html, jpeg, png } from '../media/media-test-support';
import { authed, describeEachDatabase, failure } from '../test/harness';
import { adminGet, analysisAnswer, device, postPhotoLog, storedRows, tokens } from './pwa-operations-test-support';

const NOT_IMAGE = failure('VALIDATION_ERROR', '画像ファイルを選択してください');
const TOO_LARGE = failure('PAYLOAD_TOO_LARGE', 'ファイルサイズは5MB以下にしてください');

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

  it('keeps a PNG and a JPEG with their entries, served back byte for byte to an administrator', async () => {
    const photos = { 'image/png': await png(16, 16), 'image/jpeg': await jpeg(32, 24) };
    for (const [i, [mime, photo]] of Object.entries(photos).entries()) {
      const sent = fields({ timestamp: `2026-11-28T03:00:0${i}.000Z`, error: 'Network Error', apiResponse: JSON.stringify(analysisAnswer(0)), data: 'plain note' });
      const res = await postPhotoLog(getCtx().app, photo, sent);
      const photoPath = `/api/pwa-operations/photo/${sent.id}`;
      expect([res.status, res.body.data]).toEqual([201, { received: 1, stored: 1, photoPath }]);

      const served = await photoOf(photoPath);
      expect([served.status, served.headers.get('content-type'), served.headers.get('x-content-type-options')]).toEqual([200, mime, 'nosniff']);
      expect(Buffer.compare(Buffer.from(await served.arrayBuffer()), Buffer.from(photo))).toBe(0);

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
    expect(await storedRows(getCtx())).toMatchObject([{ photo_mime: 'image/png' }, { photo_mime: 'image/jpeg' }]);
  });

  it('keeps an entry and its photo once when sent twice', async () => {
    const sent = fields();
    const photo = await png();
    expect((await postPhotoLog(getCtx().app, photo, sent)).body.data).toEqual({ received: 1, stored: 1, photoPath: `/api/pwa-operations/photo/${sent.id}` });
    expect((await postPhotoLog(getCtx().app, photo, sent)).body.data).toEqual({ received: 1, stored: 0, photoPath: `/api/pwa-operations/photo/${sent.id}` });
    expect(await getCtx().db.selectFrom('operation_log_photos').select('log_id').execute()).toEqual([{ log_id: sent.id }]);
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
    const res = await getCtx().app.request('/api/pwa-operations/log-with-photo', { method: 'POST', headers, body: endless, duplex: 'half' });
    expect([res.status, await res.json()]).toEqual([413, TOO_LARGE]);
  });

  it('takes the device from userAgent alone when no device JSON is sent', async () => {
    const { device: _omitted, ...sent } = fields({ userAgent: device.userAgent });
    expect((await postPhotoLog(getCtx().app, await png(), sent)).status).toBe(201);
    expect(await storedRows(getCtx())).toMatchObject([{ device_type: '', device: expect.stringContaining(device.userAgent) }]);
  });

  it('answers 404 for a photo never sent, 400 for a malformed id', async () => {
    const unknown = await getCtx().app.request(`/api/pwa-operations/photo/${crypto.randomUUID()}`, { headers: authed(admin) });
    expect([unknown.status, await unknown.json()]).toEqual([404, failure('NOT_FOUND', 'ログが見つかりません')]);
    const malformed = await getCtx().app.request('/api/pwa-operations/photo/..%2Fetc', { headers: authed(admin) });
    expect([malformed.status, await malformed.json()]).toEqual([400, failure('VALIDATION_ERROR', 'ログのIDが正しくありません')]);
  });
});
