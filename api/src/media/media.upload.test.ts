import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { listAudit } from '../audit/audit.repository';
import { pull } from '../sync/sync-test-helpers';
import { describeEachDatabase, failure, useFakeDate } from '../test/harness';
import { MEDIA_SERVER_MESSAGES as M } from './media-messages';
import {
  type MediaTestApp,
  bodyOf,
  gif,
  html,
  jpeg,
  mediaApp,
  mp4,
  multipart,
  newCustomer,
  newVisit,
  png,
  svg,
  syncCapture,
  tusCreate,
  tusHead,
  tusPatch,
  webm,
} from './media-test-support';

const LIMITS = { photoBytes: 200 * 1024, videoBytes: 300 * 1024 };

describeEachDatabase('media upload by multipart (POST /api/media/upload)', (getCtx) => {
  let t: MediaTestApp;
  let customerId: string;
  beforeEach(async () => {
    t = await mediaApp(getCtx(), LIMITS);
    customerId = await newCustomer(t);
  });
  afterEach(() => {
    t.cleanup();
    vi.useRealTimers();
  });

  const rows = () => getCtx().db.selectFrom('media').selectAll().execute();
  const storedFiles = () => readdirSync(join(t.dir, 'files')).filter((name) => !name.endsWith('.json'));

  it('stores a photo by its bytes, names it by its time, answers the spec envelope and audits it', async () => {
    useFakeDate('2026-11-22T09:00:00.000Z');
    // Logged in again at the faked time (a token from the real now would not be valid yet).
    t.cleanup();
    t = await mediaApp(getCtx(), LIMITS);
    const photo = await jpeg(640, 480);
    const res = await multipart(
      t,
      photo,
      {
        customer_id: customerId,
        linkToLatestMedicalRecord: 'false',
        generateSamplingVideo: 'true',
        samplingInterval: '1.5',
        maxFrames: '30',
      },
      'IMG_0001.jpeg',
    );
    expect(res.status).toBe(201);
    const body = await bodyOf(res);
    expect(body).toMatchObject({ success: true, error: null });
    expect(body.data).toEqual({
      id: expect.any(String),
      fileName: `photo_${Date.parse('2026-11-22T09:00:00.000Z')}.jpg`,
      customerId,
      visitId: null,
      kind: 'photo',
      mime: 'image/jpeg',
      size: photo.length,
      duration: null,
      width: 640,
      height: 480,
      capturedAt: '2026-11-22T09:00:00.000Z',
      quality: null,
      uploaded: true,
      createdAt: '2026-11-22T09:00:00.000Z',
      updatedAt: '2026-11-22T09:00:00.000Z',
      updatedBy: 'admin',
      version: expect.any(Number),
      deleted: false,
      linkToLatestMedicalRecord: false,
      generateSamplingVideo: true,
      samplingInterval: 1.5,
      maxFrames: 30,
    });
    const id = body.data.id as string;
    // The name on disk is the server's UUID, never the client's file name.
    expect(storedFiles()).toEqual([id]);
    expect(Buffer.compare(readFileSync(join(t.dir, 'files', id)), Buffer.from(photo))).toBe(0);
    expect(readdirSync(join(t.dir, 'thumbs'))).toEqual([`${id}.jpg`]);
    expect((await listAudit(getCtx().db, { entityId: id })).map((a) => a.action)).toEqual(['media.create']);
    // Devices learn of it by pull, already uploaded.
    expect((await pull(t.app, t.token, t.clientId)).changes.media).toMatchObject([{ id, uploaded: true }]);
  });

  it('stores one file and one record when the same media_id is sent twice, answering the record both times', async () => {
    const video = webm(50_000);
    const mediaId = crypto.randomUUID();
    const first = await multipart(t, video, { customer_id: customerId, media_id: mediaId }, 'clip.webm');
    const second = await multipart(t, video, { customer_id: customerId, media_id: mediaId }, 'clip.webm');
    expect([first.status, second.status]).toEqual([201, 200]);
    const [a, b] = [(await bodyOf(first)).data, (await bodyOf(second)).data];
    expect(b).toEqual(a);
    expect(a).toMatchObject({
      id: mediaId,
      kind: 'video',
      mime: 'video/webm',
      fileName: expect.stringMatching(/^video_original_\d+\.webm$/),
    });
    expect((await rows()).length).toBe(1);
    expect(storedFiles()).toEqual([mediaId]);
    expect((await listAudit(getCtx().db, { action: 'media.create' })).length).toBe(1);
    // Another file under the same id is not the same capture.
    const other = await multipart(t, webm(50_001), { customer_id: customerId, media_id: mediaId });
    expect([other.status, await bodyOf(other)]).toEqual([409, failure('CONFLICT', M.otherContent)]);
    // Both paths end in the same store: tus sees the file whole.
    expect((await tusHead(t, mediaId)).headers.get('upload-offset')).toBe('50000');
  });

  it('completes a synced capture whose tus upload was cut short, and tus then sees it whole', async () => {
    const video = mp4(40_000);
    const capture = await syncCapture(t, customerId, video, { kind: 'video', mime: 'video/mp4', duration: 2 });
    await tusCreate(t, capture.id, video.length);
    await tusPatch(t, capture.id, 0, video.subarray(0, 1000));
    const res = await multipart(t, video, { customer_id: customerId, media_id: capture.id });
    expect(res.status).toBe(200);
    expect((await bodyOf(res)).data).toMatchObject({ id: capture.id, uploaded: true, duration: 2 });
    expect((await tusHead(t, capture.id)).headers.get('upload-offset')).toBe('40000');
    expect(storedFiles()).toEqual([capture.id]);
  });

  it('refuses an SVG or an HTML page named .jpg (415) and keeps nothing; takes PNG, GIF and MP4', async () => {
    for (const bad of [svg(), html()]) {
      const res = await multipart(t, bad, { customer_id: customerId }, 'photo.jpg');
      expect([res.status, await bodyOf(res)]).toEqual([415, failure('VALIDATION_ERROR', M.typeRefused)]);
    }
    expect(await rows()).toEqual([]);
    expect(readdirSync(t.dir)).toEqual([]);
    const ok = [
      await multipart(t, await png(), { customer_id: customerId }, 'a.png'),
      await multipart(t, await gif(), { customer_id: customerId }, 'a.gif'),
      await multipart(t, mp4(2000), { customer_id: customerId }, 'a.mp4'),
    ];
    expect(ok.map((r) => r.status)).toEqual([201, 201, 201]);
    expect((await rows()).map((r) => r.mime).sort()).toEqual(['image/gif', 'image/png', 'video/mp4']);
  });

  it('refuses a photo or video over its limit with the limit’s message, keeping nothing', async () => {
    const bigPhoto = await jpeg(800, 600);
    const photo = new Uint8Array(LIMITS.photoBytes + 1);
    photo.set(bigPhoto);
    const photoRes = await multipart(t, photo, { customer_id: customerId });
    expect([photoRes.status, await bodyOf(photoRes)]).toEqual([
      413,
      failure('PAYLOAD_TOO_LARGE', '写真は10MB以下にしてください'),
    ]);
    const videoRes = await multipart(t, webm(LIMITS.videoBytes + 1), { customer_id: customerId });
    expect([videoRes.status, await bodyOf(videoRes)]).toEqual([
      413,
      failure('PAYLOAD_TOO_LARGE', '動画は500MB以下にしてください'),
    ]);
    // Exactly at the limit is fine.
    expect((await multipart(t, webm(LIMITS.videoBytes), { customer_id: customerId })).status).toBe(201);
    expect((await rows()).length).toBe(1);
  });

  it('links to the customer’s latest visit when asked, or to the visit given; refuses another customer’s visit', async () => {
    const older = await newVisit(t, customerId, '2026-11-01');
    const latest = await newVisit(t, customerId, '2026-11-20');
    const otherCustomer = await newCustomer(t, '佐藤 次郎');
    const linked = await multipart(t, webm(), { customer_id: customerId, linkToLatestMedicalRecord: 'true' });
    expect((await bodyOf(linked)).data).toMatchObject({ visitId: latest, linkToLatestMedicalRecord: true });
    const given = await multipart(t, webm(), {
      customer_id: customerId,
      visit_id: older,
      linkToLatestMedicalRecord: 'true',
    });
    expect((await bodyOf(given)).data.visitId).toBe(older);
    const none = await multipart(t, webm(), { customer_id: otherCustomer, linkToLatestMedicalRecord: 'true' });
    expect((await bodyOf(none)).data.visitId).toBeNull();
    const wrong = await multipart(t, webm(), { customer_id: otherCustomer, visit_id: latest });
    expect([wrong.status, await bodyOf(wrong)]).toEqual([
      400,
      failure('VALIDATION_ERROR', '選択した来院記録はこの顧客のものではありません'),
    ]);
    expect((await rows()).length).toBe(3);
    expect(storedFiles().length).toBe(3);
  });

  it('refuses a missing file, customer or token, an unknown customer and bad settings with Japanese messages', async () => {
    const cases: [Response, number, unknown][] = [
      [await multipart(t, null, { customer_id: customerId }), 400, failure('VALIDATION_ERROR', M.fileRequired)],
      [await multipart(t, webm(), {}), 400, failure('VALIDATION_ERROR', M.customerRequired)],
      [
        await multipart(t, webm(), { customer_id: crypto.randomUUID() }),
        404,
        failure('NOT_FOUND', '顧客が見つかりません'),
      ],
      [
        await multipart(t, webm(), { customer_id: customerId, maxFrames: 'many' }),
        400,
        failure('VALIDATION_ERROR', M.badField),
      ],
      [
        await multipart(t, webm(), { customer_id: customerId, media_id: 'x' }),
        400,
        failure('VALIDATION_ERROR', M.badField),
      ],
      [
        await multipart(t, webm(), { customer_id: customerId }, 'a.webm', null),
        401,
        failure('UNAUTHORIZED', 'ログインが必要です'),
      ],
    ];
    for (const [res, status, body] of cases) expect([res.status, await bodyOf(res)]).toEqual([status, body]);
    expect(await rows()).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });
});
