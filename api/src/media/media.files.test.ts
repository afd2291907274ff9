import sharp from 'sharp';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { listAudit } from '../audit/audit.repository';
import { MINUTE, advance, authed, describeEachDatabase, failure, login, useFakeDate } from '../test/harness';
import { MEDIA_SERVER_MESSAGES as M } from './media-messages';
import {
  type MediaTestApp,
  bodyOf,
  jpeg,
  mediaApp,
  multipart,
  newCustomer,
  syncCapture,
  tusUpload,
  webm,
} from './media-test-support';

describeEachDatabase('media reads: list, record, file, link, thumbnail, poster', (getCtx) => {
  let t: MediaTestApp;
  let customerId: string;
  beforeEach(async () => {
    useFakeDate('2026-11-22T09:00:00.000Z');
    t = await mediaApp(getCtx());
    customerId = await newCustomer(t);
  });
  afterEach(() => {
    t.cleanup();
    vi.useRealTimers();
  });

  const get = (path: string, headers: Record<string, string> = authed(t.token)) => t.app.request(path, { headers });
  const reads = async (id: string) =>
    (await listAudit(getCtx().db, { entityId: id }))
      .filter((a) => a.action === 'media.read')
      .map((a) => JSON.parse(a.detail!).via);

  /** A synced video with its file uploaded by tus. */
  async function uploadedVideo(file = webm(30_000), capturedAt = '2026-11-22T08:00:00.000Z') {
    const capture = await syncCapture(t, customerId, file, {
      kind: 'video',
      mime: 'video/webm',
      capturedAt,
      duration: 1.5,
    });
    expect((await tusUpload(t, capture.id, file)).status).toBe(204);
    return capture;
  }

  it('lists a customer’s captures newest first with their download names, uploaded or not, and audits the list', async () => {
    const other = await newCustomer(t, '佐藤 次郎');
    const older = await uploadedVideo(webm(), '2026-11-20T10:00:00.000Z');
    const newer = await syncCapture(t, customerId, await jpeg(), { capturedAt: '2026-11-21T10:00:00.000Z' });
    await syncCapture(t, other, webm(), { kind: 'video', mime: 'video/webm' });
    const res = await get(`/api/media?customerId=${customerId}`);
    const body = await bodyOf(res);
    expect(
      body.data.map((m: { id: string; uploaded: boolean; fileName: string }) => [m.id, m.uploaded, m.fileName]),
    ).toEqual([
      [newer.id, false, `photo_${Date.parse('2026-11-21T10:00:00.000Z')}.jpg`],
      [older.id, true, `video_original_${Date.parse('2026-11-20T10:00:00.000Z')}.webm`],
    ]);
    const [audit] = await listAudit(getCtx().db, { action: 'media.read' });
    expect(JSON.parse(audit!.detail!)).toEqual({ via: 'GET /api/media', ids: [newer.id, older.id] });

    expect((await get('/api/media')).status).toBe(400);
    expect(await bodyOf(await get('/api/media?customerId=x'))).toEqual(
      failure('VALIDATION_ERROR', M.customerIdInvalid),
    );
    expect((await get(`/api/media?customerId=${customerId}`, {})).status).toBe(401);
  });

  it('answers one record, 404 for an unknown id', async () => {
    const video = await uploadedVideo();
    const one = await bodyOf(await get(`/api/media/${video.id}`));
    expect(one.data).toMatchObject({
      id: video.id,
      customerId,
      kind: 'video',
      uploaded: true,
      duration: 1.5,
      fileName: expect.stringMatching(/^video_original_/),
    });
    expect(await reads(video.id)).toEqual(['GET /api/media/:id']);
    const missing = await get(`/api/media/${crypto.randomUUID()}`);
    expect([missing.status, await bodyOf(missing)]).toEqual([404, failure('NOT_FOUND', '写真・動画が見つかりません')]);
    expect((await get('/api/media/not-an-id')).status).toBe(404);
  });

  it('serves the file with its type, nosniff, inline or as an attachment, and ranges for playback', async () => {
    const file = webm(30_000);
    const video = await uploadedVideo(file);
    const whole = await get(`/api/media/${video.id}/file`);
    expect(whole.status).toBe(200);
    expect(
      Object.fromEntries(
        ['content-type', 'x-content-type-options', 'accept-ranges', 'content-length'].map((h) => [
          h,
          whole.headers.get(h),
        ]),
      ),
    ).toEqual({
      'content-type': 'video/webm',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
      'content-length': '30000',
    });
    expect(whole.headers.get('content-disposition')).toMatch(/^inline; filename="video_original_\d+\.webm"$/);
    expect(Buffer.compare(Buffer.from(await whole.arrayBuffer()), Buffer.from(file))).toBe(0);

    const part = await get(`/api/media/${video.id}/file`, { ...authed(t.token), Range: 'bytes=1000-1999' });
    expect([part.status, part.headers.get('content-range'), part.headers.get('content-length')]).toEqual([
      206,
      'bytes 1000-1999/30000',
      '1000',
    ]);
    expect(Buffer.compare(Buffer.from(await part.arrayBuffer()), Buffer.from(file.subarray(1000, 2000)))).toBe(0);
    const tail = await get(`/api/media/${video.id}/file`, { ...authed(t.token), Range: 'bytes=-100' });
    expect([tail.status, tail.headers.get('content-range')]).toEqual([206, 'bytes 29900-29999/30000']);
    expect(Buffer.compare(Buffer.from(await tail.arrayBuffer()), Buffer.from(file.subarray(29_900)))).toBe(0);
    const beyond = await get(`/api/media/${video.id}/file`, { ...authed(t.token), Range: 'bytes=30000-' });
    expect([beyond.status, beyond.headers.get('content-range'), await bodyOf(beyond)]).toEqual([
      416,
      'bytes */30000',
      failure('VALIDATION_ERROR', M.badRange),
    ]);

    const download = await get(`/api/media/${video.id}/file?download=1`);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="video_original_${Date.parse('2026-11-22T08:00:00.000Z')}.webm"`,
    );
    await download.arrayBuffer();

    expect((await get(`/api/media/${video.id}/file`, {})).status).toBe(401);
    expect((await get(`/api/media/${video.id}/file`, authed('forged'))).status).toBe(401);
    expect(await reads(video.id)).toEqual(Array(4).fill('GET /api/media/:id/file (token)'));
  });

  it('does not serve a capture whose file has not arrived', async () => {
    const capture = await syncCapture(t, customerId, webm(), { kind: 'video', mime: 'video/webm' });
    const res = await get(`/api/media/${capture.id}/file`);
    expect([res.status, await bodyOf(res)]).toEqual([404, failure('NOT_FOUND', M.notUploaded)]);
    expect(
      (await t.app.request(`/api/media/${capture.id}/link`, { method: 'POST', headers: authed(t.token) })).status,
    ).toBe(404);
  });

  it('streams by a signed link without a header for 15 minutes; a changed, moved or expired link fails', async () => {
    const file = webm(5_000);
    const video = await uploadedVideo(file);
    const other = await uploadedVideo(webm(4_000));
    const linkRes = await t.app.request(`/api/media/${video.id}/link`, { method: 'POST', headers: authed(t.token) });
    const link = (await bodyOf(linkRes)).data as { url: string; sig: string; exp: number; expiresAt: string };
    expect(link.expiresAt).toBe('2026-11-22T09:15:00.000Z');
    expect(link.url).toBe(`/api/media/${video.id}/file?sig=${encodeURIComponent(link.sig)}&exp=${link.exp}`);

    const viaLink = await t.app.request(link.url, { headers: { Range: 'bytes=0-9' } });
    expect([viaLink.status, viaLink.headers.get('content-type')]).toEqual([206, 'video/webm']);
    expect(Buffer.compare(Buffer.from(await viaLink.arrayBuffer()), Buffer.from(file.subarray(0, 10)))).toBe(0);
    const audit = (await listAudit(getCtx().db, { entityId: video.id })).filter((a) => a.action === 'media.read');
    expect(audit.map((a) => [a.user_id, JSON.parse(a.detail!).via])).toEqual([
      [getCtx().admin.id, 'GET /api/media/:id/file (link)'],
    ]);
    expect(
      (await t.app.request(`/api/media/${video.id}/thumbnail?sig=${encodeURIComponent(link.sig)}&exp=${link.exp}`))
        .status,
    ).toBe(404);

    const refused = failure('FORBIDDEN', M.linkInvalid);
    const tampered = link.sig.slice(0, -2) + (link.sig.endsWith('AA') ? 'BB' : 'AA');
    const attempts = [
      `/api/media/${video.id}/file?sig=${encodeURIComponent(tampered)}&exp=${link.exp}`,
      `/api/media/${video.id}/file?sig=${encodeURIComponent(link.sig)}&exp=${link.exp + 3600}`,
      `/api/media/${other.id}/file?sig=${encodeURIComponent(link.sig)}&exp=${link.exp}`,
      `/api/media/${video.id}/file?sig=${encodeURIComponent(`${getCtx().staff.id}${link.sig.slice(link.sig.indexOf('.'))}`)}&exp=${link.exp}`,
    ];
    for (const url of attempts) {
      const res = await t.app.request(url);
      expect([res.status, await bodyOf(res)], url).toEqual([403, refused]);
    }
    advance(14 * MINUTE);
    expect((await t.app.request(link.url)).status).toBe(200);
    advance(MINUTE);
    const expired = await t.app.request(link.url);
    expect([expired.status, await bodyOf(expired)]).toEqual([403, refused]);
  });

  it('ends a signed link with the session that made it: after a logout it is refused at once (issue 34)', async () => {
    const video = await uploadedVideo(webm(3_000));
    const { accessToken } = await login(t.app, getCtx().staff.username, getCtx().staff.password);
    const linkRes = await t.app.request(`/api/media/${video.id}/link`, {
      method: 'POST',
      headers: authed(accessToken),
    });
    const link = (await bodyOf(linkRes)).data as { url: string };
    expect((await t.app.request(link.url)).status).toBe(200);
    const out = await t.app.request('/api/auth/logout', { method: 'POST', headers: authed(accessToken) });
    expect(out.status).toBe(200);
    const after = await t.app.request(link.url);
    expect([after.status, await bodyOf(after)]).toEqual([403, failure('FORBIDDEN', M.linkInvalid)]);
  });

  it('keeps a poster frame sent for a video and serves it as its thumbnail; a photo’s thumbnail is made by the server', async () => {
    const video = await uploadedVideo();
    expect(await bodyOf(await get(`/api/media/${video.id}/thumbnail`))).toEqual(failure('NOT_FOUND', M.noThumbnail));
    const frame = await jpeg(1280, 720);
    const put = (body: Uint8Array, id = video.id, token: string | null = t.token) =>
      t.app.request(`/api/media/${id}/poster`, {
        method: 'PUT',
        headers: { 'Content-Type': 'image/jpeg', ...(token ? authed(token) : {}) },
        body,
      });
    const saved = await put(frame);
    expect([saved.status, (await bodyOf(saved)).data]).toEqual([200, { id: video.id, thumbnail: true }]);
    const thumb = await get(`/api/media/${video.id}/thumbnail`);
    expect([thumb.status, thumb.headers.get('content-type'), thumb.headers.get('x-content-type-options')]).toEqual([
      200,
      'image/jpeg',
      'nosniff',
    ]);
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 320, 180]);
    expect((await listAudit(getCtx().db, { action: 'media.poster', entityId: video.id })).length).toBe(1);

    const svgPoster = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    expect(await bodyOf(await put(svgPoster))).toEqual(failure('VALIDATION_ERROR', M.posterNotJpeg));
    const fakeJpeg = new Uint8Array(100).fill(7);
    fakeJpeg.set([0xff, 0xd8, 0xff]);
    expect((await put(fakeJpeg)).status).toBe(415);
    const huge = new Uint8Array(1024 * 1024 + 1);
    huge.set(frame);
    const tooBig = await put(huge);
    expect([tooBig.status, await bodyOf(tooBig)]).toEqual([413, failure('PAYLOAD_TOO_LARGE', M.posterTooLarge)]);
    expect((await put(frame, video.id, null)).status).toBe(401);

    const photo = await multipart(t, await jpeg(2000, 1000), { customer_id: customerId });
    const photoId = (await bodyOf(photo)).data.id as string;
    expect(await bodyOf(await put(frame, photoId))).toEqual(failure('VALIDATION_ERROR', M.posterNotVideo));
    const photoThumb = await sharp(
      Buffer.from(await (await get(`/api/media/${photoId}/thumbnail`)).arrayBuffer()),
    ).metadata();
    expect([photoThumb.width, photoThumb.height]).toEqual([320, 160]);
    expect(await reads(photoId)).toEqual(['GET /api/media/:id/thumbnail (token)']);
    expect((await get(`/api/media/${photoId}/thumbnail`, {})).status).toBe(401);
  });
});
