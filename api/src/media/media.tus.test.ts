import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { listAudit } from '../audit/audit.repository';
import { pull } from '../sync/sync-test-helpers';
import { describeEachDatabase } from '../test/harness';
import { MEDIA_SERVER_MESSAGES as M } from './media-messages';
import {
  type MediaTestApp,
  bodyOf,
  html,
  jpeg,
  mediaApp,
  mp4,
  newCustomer,
  png,
  svg,
  syncCapture,
  tusCreate,
  tusHead,
  tusPatch,
  tusUpload,
  webm,
} from './media-test-support';

describeEachDatabase('media upload by tus', (getCtx) => {
  let t: MediaTestApp;
  let customerId: string;
  beforeEach(async () => {
    t = await mediaApp(getCtx(), { photoBytes: 64 * 1024, videoBytes: 256 * 1024 });
    customerId = await newCustomer(t);
  });
  afterEach(() => t.cleanup());

  const row = (id: string) =>
    getCtx().db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const filesOnDisk = (id: string) => [
    existsSync(join(t.dir, 'files', id)),
    existsSync(join(t.dir, 'files', `${id}.json`)),
  ];

  it('resumes: create, half, HEAD tells the offset, the rest; then the record is uploaded and the next pull says so', async () => {
    const file = webm(100_000);
    const capture = await syncCapture(t, customerId, file, {
      kind: 'video',
      mime: 'video/webm',
      duration: 3.2,
      width: 1280,
      height: 720,
    });
    const before = await pull(t.app, t.token, t.clientId);
    expect(before.changes.media).toMatchObject([{ id: capture.id, uploaded: false, size: 100_000, duration: 3.2 }]);

    const created = await tusCreate(t, capture.id, file.length);
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`/api/media/tus/${capture.id}`);
    const half = 40_000;
    expect((await tusPatch(t, capture.id, 0, file.subarray(0, half))).headers.get('upload-offset')).toBe(String(half));

    const head = await tusHead(t, capture.id);
    expect([head.status, head.headers.get('upload-offset'), head.headers.get('upload-length')]).toEqual([
      200,
      String(half),
      '100000',
    ]);
    expect((await row(capture.id)).uploaded).toBe(0);
    // A PATCH from the wrong place is refused, not appended.
    expect((await tusPatch(t, capture.id, 0, file.subarray(0, 10))).status).toBe(409);

    const rest = await tusPatch(t, capture.id, half, file.subarray(half));
    expect([rest.status, rest.headers.get('upload-offset')]).toEqual([204, '100000']);
    expect(Buffer.compare(readFileSync(join(t.dir, 'files', capture.id)), Buffer.from(file))).toBe(0);
    expect(await row(capture.id)).toMatchObject({ uploaded: 1, stored_bytes: 100_000 });

    const after = await pull(t.app, t.token, t.clientId, before.cookie);
    expect(after.changes.media).toMatchObject([{ id: capture.id, uploaded: true }]);
    expect(after.changes.media[0]!.version).toBeGreaterThan(before.changes.media[0]!.version);
    const [upload] = await listAudit(getCtx().db, { action: 'media.upload', entityId: capture.id });
    expect(upload).toMatchObject({ entity: 'media', user_id: getCtx().admin.id });
    expect(JSON.parse(upload!.detail!)).toEqual({ bytes: 100_000, via: 'tus' });
  });

  it('answers offset == length after completion, so a resuming client sends nothing again; a new upload is refused', async () => {
    const file = webm(10_000);
    const capture = await syncCapture(t, customerId, file, { kind: 'video', mime: 'video/webm' });
    expect((await tusUpload(t, capture.id, file)).status).toBe(204);
    const head = await tusHead(t, capture.id);
    expect([head.status, head.headers.get('upload-offset'), head.headers.get('upload-length')]).toEqual([
      200,
      '10000',
      '10000',
    ]);
    const again = await tusCreate(t, capture.id, file.length);
    expect([again.status, await again.text()]).toEqual([409, M.alreadyUploaded]);
    expect(statSync(join(t.dir, 'files', capture.id)).size).toBe(10_000);
  });

  it('finishes on HEAD a file that arrived whole but was never marked (the server stopped in between)', async () => {
    const file = webm(8_000);
    const capture = await syncCapture(t, customerId, file, { kind: 'video', mime: 'video/webm' });
    expect((await tusUpload(t, capture.id, file)).status).toBe(204);
    const { db } = getCtx();
    await db.updateTable('media').set({ uploaded: 0, stored_bytes: null }).where('id', '=', capture.id).execute();
    const head = await tusHead(t, capture.id);
    expect(head.headers.get('upload-offset')).toBe('8000');
    expect(await row(capture.id)).toMatchObject({ uploaded: 1, stored_bytes: 8_000 });
  });

  it('refuses an id the server does not hold, a missing id, a wrong length, too large a file, and no token', async () => {
    const file = webm(5_000);
    const capture = await syncCapture(t, customerId, file, { kind: 'video', mime: 'video/webm' });
    const unknown = await tusCreate(t, crypto.randomUUID(), file.length);
    expect([unknown.status, await unknown.text()]).toEqual([404, M.notSynced]);
    const noId = await t.app.request('/api/media/tus', {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '5000', Authorization: `Bearer ${t.token}` },
    });
    expect([noId.status, await noId.text()]).toEqual([400, M.uploadIdMissing]);
    const wrong = await tusCreate(t, capture.id, file.length + 1);
    expect([wrong.status, await wrong.text()]).toEqual([400, M.lengthMismatch]);
    const noToken = await tusCreate(t, capture.id, file.length, { token: null });
    expect(noToken.status).toBe(401);
    expect(await bodyOf(noToken)).toMatchObject({ success: false, message: 'ログインが必要です' });
    expect((await tusHead(t, capture.id, null)).status).toBe(401);
    expect((await tusPatch(t, capture.id, 0, file, null)).status).toBe(401);
    expect((await tusCreate(t, capture.id, file.length, { token: 'not-a-token' })).status).toBe(401);
    expect(filesOnDisk(capture.id)).toEqual([false, false]);

    // A record larger than the limit (written straight into the table: a push refuses it), checked by header only.
    const big = crypto.randomUUID();
    await getCtx()
      .db.insertInto('media')
      .values({ ...(await row(capture.id)), id: big, size: 600 * 1024 * 1024 })
      .execute();
    const tooLarge = await tusCreate(t, big, 600 * 1024 * 1024);
    expect([tooLarge.status, await tooLarge.text()]).toEqual([413, M.videoTooLarge]);
    expect(filesOnDisk(big)).toEqual([false, false]);
  });

  it('refuses an SVG or an HTML page named .jpg once its bytes arrive: 415, the file and its record deleted', async () => {
    for (const bad of [svg(2_000), html(2_000)]) {
      const capture = await syncCapture(t, customerId, bad, { kind: 'photo', mime: 'image/jpeg' });
      const res = await tusUpload(t, capture.id, bad);
      expect([res.status, await res.text()]).toEqual([415, M.typeRefused]);
      expect(filesOnDisk(capture.id)).toEqual([false, false]);
      expect((await tusHead(t, capture.id)).status).toBe(404);
      expect(await row(capture.id)).toMatchObject({ uploaded: 0, stored_bytes: null });
    }
  });

  it('refuses a real file of another type than its record names (an MP4 sent as WebM)', async () => {
    const file = mp4(3_000);
    const capture = await syncCapture(t, customerId, file, { kind: 'video', mime: 'video/webm' });
    const res = await tusUpload(t, capture.id, file);
    expect([res.status, await res.text()]).toEqual([415, M.typeMismatch]);
    expect(filesOnDisk(capture.id)).toEqual([false, false]);
  });

  it('takes JPEG, PNG, WebM and MP4, and makes a thumbnail of each photo (320 px at most)', async () => {
    const files = [
      { file: await jpeg(1280, 720), kind: 'photo', mime: 'image/jpeg' },
      { file: await png(64, 48), kind: 'photo', mime: 'image/png' },
      { file: webm(6_000), kind: 'video', mime: 'video/webm' },
      { file: mp4(6_000), kind: 'video', mime: 'video/mp4' },
    ] as const;
    for (const { file, kind, mime } of files) {
      const capture = await syncCapture(t, customerId, file, { kind, mime });
      // The whole file in the creation request (creation-with-upload) works too.
      const res = await tusCreate(t, capture.id, file.length, { body: file });
      expect(res.status).toBe(201);
      expect((await row(capture.id)).uploaded).toBe(1);
      const thumb = join(t.dir, 'thumbs', `${capture.id}.jpg`);
      expect(existsSync(thumb)).toBe(kind === 'photo');
      if (kind === 'photo') {
        const meta = await sharp(thumb).metadata();
        expect(meta.format).toBe('jpeg');
        expect(Math.max(meta.width, meta.height)).toBe(mime === 'image/jpeg' ? 320 : 64);
      }
    }
  });
});
