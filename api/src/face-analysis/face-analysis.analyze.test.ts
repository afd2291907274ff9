import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { listAudit } from '../audit/audit.repository';
import sharp from 'sharp';
import { type MediaTestApp, bodyOf, html, jpeg, mediaApp, newCustomer, newVisit } from '../media/media-test-support';
import { pull } from '../sync/sync-test-helpers';
import { authed, describeEachDatabase, failure } from '../test/harness';
import { analyze, history, samplePhoto } from './face-analysis-test-support';
import { analyzeFaces } from './face-engine';

// The real engine, counted: a retry or a refusal must not analyse.
vi.mock('./face-engine', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./face-engine')>();
  return { ...actual, analyzeFaces: vi.fn(actual.analyzeFaces) };
});
const analyses = () => vi.mocked(analyzeFaces).mock.calls.length;

const MB = 1024 * 1024;
const TOO_LARGE = 'ファイルサイズは5MB以下にしてください';

describeEachDatabase('face analysis of a photo (POST /api/face-analysis/analyze)', (getCtx) => {
  let t: MediaTestApp;
  let customerId: string;
  beforeEach(async () => {
    t = await mediaApp(getCtx());
    customerId = await newCustomer(t);
    vi.mocked(analyzeFaces).mockClear();
  });
  afterEach(() => t.cleanup());

  const table = (name: 'media' | 'face_analyses') => getCtx().db.selectFrom(name).selectAll().execute();
  const storedFiles = () => readdirSync(join(t.dir, 'files')).filter((name) => !name.endsWith('.json'));

  it('finds the faces of a sample photo, keeps the photo and the analysis for every device, and answers a retry without analysing again', async () => {
    const photo = samplePhoto();
    const visitId = await newVisit(t, customerId);
    const id = crypto.randomUUID();
    // The device sends the score its camera measured on the capture (spec 9's quality chip).
    const res = await analyze(t, photo, { customer_id: customerId, visit_id: visitId, id, quality: '77' });
    expect(res.status).toBe(200);
    const body = await bodyOf(res);
    expect(body).toMatchObject({ success: true, error: null });
    expect(body.data).toEqual({
      analysisResult: { faces: expect.any(Array) },
      mediaId: expect.any(String),
      processingTime: expect.any(Number),
      id,
    });
    const { faces } = body.data.analysisResult as { faces: { emotions: { type: string; confidence: number }[] }[] };
    expect(faces.length).toBeGreaterThan(0);
    // Every face has the spec's `features` (none derived: no landmark net runs) and the capture's quality.
    for (const face of faces) expect(face).toMatchObject({ features: {}, quality: { score: 77 } });
    const mediaId = body.data.mediaId as string;

    // The photo as the multipart upload keeps one: its record uploaded, its file byte for byte.
    expect(await table('media')).toMatchObject([
      {
        id: mediaId,
        customer_id: customerId,
        visit_id: visitId,
        kind: 'photo',
        mime: 'image/jpeg',
        size: photo.length,
        uploaded: 1,
      },
    ]);
    expect(storedFiles()).toEqual([mediaId]);
    expect(Buffer.compare(readFileSync(join(t.dir, 'files', mediaId)), Buffer.from(photo))).toBe(0);
    const served = await t.app.request(`/api/media/${mediaId}/file`, { headers: authed(t.token) });
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    const [row] = await table('face_analyses');
    expect(row).toMatchObject({
      id,
      media_id: mediaId,
      visit_id: visitId,
      source: 'photo',
      engine: 'face-api-wasm@server',
      frames: null,
    });
    expect((await listAudit(getCtx().db, { entityId: id })).map((a) => a.action)).toEqual(['faceAnalysis.create']);
    expect((await listAudit(getCtx().db, { entityId: mediaId })).map((a) => a.action)).toEqual([
      'media.create',
      'media.read',
    ]);

    // Devices pull both, made in one change.
    const { changes } = await pull(t.app, t.token, t.clientId);
    expect(changes.faceAnalyses).toMatchObject([{ id, mediaId, faces, processingTime: body.data.processingTime }]);
    expect(changes.media).toMatchObject([{ id: mediaId, uploaded: true, version: changes.faceAnalyses[0]!.version }]);

    const listed = await bodyOf(await history(t, customerId));
    expect(listed.data).toEqual([
      {
        id,
        timestamp: row!.analysed_at,
        emotions: faces[0]!.emotions,
        faces: faces.length,
        processingTime: body.data.processingTime,
        source: 'photo',
        mediaId,
      },
    ]);

    // The same id again: the stored answer, read again; nothing analysed or stored twice.
    const again = await analyze(t, photo, { customer_id: customerId, visit_id: visitId, id });
    expect([again.status, (await bodyOf(again)).data]).toEqual([200, body.data]);
    expect(analyses()).toBe(1);
    expect([(await table('media')).length, (await table('face_analyses')).length, storedFiles().length]).toEqual([
      1, 1, 1,
    ]);
    const reads = await listAudit(getCtx().db, { action: 'faceAnalysis.read', entityId: id });
    expect(reads.map((r) => JSON.parse(r.detail!) as unknown)).toEqual(
      ['GET /api/face-analysis/history/:customerId', 'POST /api/face-analysis/analyze'].map((via) => ({
        via,
        ids: [id],
      })),
    );
    // The other device's pull copied it: the device's sync, not a person's read (issue 34).
    const synced = await listAudit(getCtx().db, { action: 'sync.pull', entityId: id });
    expect(synced.map((r) => [r.entity, JSON.parse(r.detail!) as unknown])).toEqual([
      ['faceAnalysis', { via: 'sync.pull', ids: [id] }],
    ]);
    // Under another customer the id is not the same analysis.
    const other = await newCustomer(t, '佐藤 次郎');
    const clash = await analyze(t, photo, { customer_id: other, id });
    expect([clash.status, await bodyOf(clash)]).toEqual([
      409,
      failure('CONFLICT', 'この表情分析は別の内容で既に登録されています'),
    ]);
  }, 60_000);

  it('answers a picture without a face as a success with no faces, and keeps no photo when asked not to', async () => {
    const wall = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#e0e8f0' } })
      .gif()
      .toBuffer();
    const res = await analyze(
      t,
      new Uint8Array(wall),
      { customer_id: customerId, save_image: 'false' },
      { fileName: 'wall.gif' },
    );
    expect(res.status).toBe(200);
    const data = (await bodyOf(res)).data as { id: string };
    expect(data).toEqual({
      analysisResult: { faces: [] },
      mediaId: null,
      processingTime: expect.any(Number),
      id: expect.any(String),
    });
    expect(await table('media')).toEqual([]);
    expect(await table('face_analyses')).toMatchObject([{ id: data.id, media_id: null, faces: '[]' }]);
    const badQuality = await analyze(
      t,
      new Uint8Array(wall),
      { customer_id: customerId, quality: '101' },
      { fileName: 'wall.gif' },
    );
    expect(badQuality.status).toBe(400);
    expect((await bodyOf(await history(t, customerId))).data).toMatchObject([
      { id: data.id, emotions: [], faces: 0, mediaId: null },
    ]);

    // A JPEG's first bytes on a body that does not decode: the sender's error, not the server's.
    const damaged = (await jpeg()).slice(0, 300);
    const refused = await analyze(t, damaged, { customer_id: customerId });
    expect([refused.status, await bodyOf(refused)]).toEqual([
      400,
      failure('VALIDATION_ERROR', '画像ファイルを選択してください'),
    ]);
    expect((await table('face_analyses')).length).toBe(1);
  }, 60_000);

  it('refuses, before analysing and keeping nothing: a large upload, a page named .jpg, no image, no token, an unknown customer or a wrong visit', async () => {
    const oversized = new Uint8Array(6 * MB);
    oversized.set(await jpeg(64, 64));
    const justOver = oversized.slice(0, 5 * MB + 1);
    const otherVisit = await newVisit(t, await newCustomer(t, '佐藤 次郎'));
    const cases: [Response, number, unknown][] = [
      [await analyze(t, oversized, { customer_id: customerId }), 413, failure('PAYLOAD_TOO_LARGE', TOO_LARGE)],
      // Within the form's room for its fields, so the photo's own size refuses it.
      [await analyze(t, justOver, { customer_id: customerId }), 413, failure('PAYLOAD_TOO_LARGE', TOO_LARGE)],
      [
        await analyze(t, html(), { customer_id: customerId }, { fileName: 'photo.jpg' }),
        400,
        failure('VALIDATION_ERROR', '画像ファイルを選択してください'),
      ],
      [
        await analyze(t, null, { customer_id: customerId }),
        400,
        failure('VALIDATION_ERROR', '分析する画像を選択してください'),
      ],
      [
        await analyze(t, await jpeg(), { customer_id: customerId }, { token: null }),
        401,
        failure('UNAUTHORIZED', 'ログインが必要です'),
      ],
      [await analyze(t, await jpeg(), {}), 400, failure('VALIDATION_ERROR', '顧客を選択してください')],
      [
        await analyze(t, await jpeg(), { customer_id: crypto.randomUUID() }),
        404,
        failure('NOT_FOUND', '顧客が見つかりません'),
      ],
      [
        await analyze(t, await jpeg(), { customer_id: customerId, visit_id: otherVisit }),
        400,
        failure('VALIDATION_ERROR', '選択した来院記録はこの顧客のものではありません'),
      ],
    ];
    for (const [res, status, body] of cases) expect([res.status, await bodyOf(res)]).toEqual([status, body]);
    expect(analyses()).toBe(0);
    expect([await table('media'), await table('face_analyses')]).toEqual([[], []]);
    expect(readdirSync(t.dir)).toEqual([]);
  });

  it('refuses a declared 100 MB upload from its length, without reading the body', async () => {
    // A body that never ends: reading it would hang the test.
    const endless = new ReadableStream<Uint8Array>({ pull: () => undefined });
    const headers = {
      ...authed(t.token),
      'Content-Type': 'multipart/form-data; boundary=x',
      'Content-Length': String(100 * MB),
    };
    const res = await t.app.request('/api/face-analysis/analyze', {
      method: 'POST',
      headers,
      body: endless,
      duplex: 'half',
    });
    expect([res.status, await bodyOf(res)]).toEqual([413, failure('PAYLOAD_TOO_LARGE', TOO_LARGE)]);
  });
});
