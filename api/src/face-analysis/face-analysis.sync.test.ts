import { afterEach, beforeEach, expect, it } from 'vitest';
import { listAudit } from '../audit/audit.repository';
import {
  type MediaTestApp,
  bodyOf,
  jpeg,
  mediaApp,
  newCustomer,
  newVisit,
  syncCapture,
} from '../media/media-test-support';
import { pull, pushOk } from '../sync/sync-test-helpers';
import { describeEachDatabase } from '../test/harness';
import { deviceFace, faceAnalysisArgs, faceMutation, history } from './face-analysis-test-support';
import { insertFaceAnalysis } from './face-analysis.repository';

describeEachDatabase('face analyses through sync', (getCtx) => {
  let t: MediaTestApp;
  let customerId: string;
  beforeEach(async () => {
    t = await mediaApp(getCtx());
    customerId = await newCustomer(t);
  });
  afterEach(() => t.cleanup());

  it('records an analysis from faceAnalysis.create and pulls it back with its faces and frames unchanged', async () => {
    const visitId = await newVisit(t, customerId);
    const clip = await syncCapture(t, customerId, await jpeg(), { visitId });
    const frames = [
      { at: 0, faces: [deviceFace(40.5)] },
      { at: 1.5, faces: [] },
      {
        at: 3,
        faces: [
          deviceFace(72.25),
          { ...deviceFace(10), demographics: null, boundingBox: null, quality: { score: 55.5 } },
        ],
      },
    ];
    const args = faceAnalysisArgs(customerId, {
      visitId,
      mediaId: clip.id,
      source: 'video',
      faces: frames[2]!.faces,
      frames,
      analysedAt: '2026-11-28T19:15:00.000+09:00',
    });
    await pushOk(t.app, t.token, t.clientId, [faceMutation(t, args)]);
    const first = await pull(t.app, t.token, t.clientId);
    expect(first.changes.faceAnalyses).toEqual([
      {
        ...args,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        updatedBy: 'admin',
        version: expect.any(Number),
        deleted: false,
      },
    ]);
    const [created] = await listAudit(getCtx().db, { action: 'faceAnalysis.create', entityId: args.id });
    expect(created).toMatchObject({ entity: 'faceAnalysis', user_id: getCtx().admin.id });
    expect(await listAudit(getCtx().db, { action: 'faceAnalysis.read' })).toEqual([]);
    const synced = (await listAudit(getCtx().db, { action: 'sync.pull' })).filter((a) => a.entity === 'faceAnalysis');
    expect(synced.map((a) => JSON.parse(a.detail!))).toEqual([{ via: 'sync.pull', ids: [args.id] }]);
    // Nothing changed since: the next pull carries nothing.
    expect((await pull(t.app, t.token, t.clientId, first.cookie)).changes.faceAnalyses).toEqual([]);
  });

  it('rejects a repeated id, an unknown customer or photo, and a photo or visit of another customer, writing nothing', async () => {
    const other = await newCustomer(t, '佐藤 次郎');
    const othersPhoto = await syncCapture(t, other, await jpeg());
    const othersVisit = await newVisit(t, other);
    const kept = faceAnalysisArgs(customerId);
    const mutations = [
      faceMutation(t, kept),
      faceMutation(t, { ...faceAnalysisArgs(customerId), id: kept.id }),
      faceMutation(t, faceAnalysisArgs(crypto.randomUUID())),
      faceMutation(t, faceAnalysisArgs(customerId, { mediaId: crypto.randomUUID() })),
      faceMutation(t, faceAnalysisArgs(customerId, { mediaId: othersPhoto.id })),
      faceMutation(t, faceAnalysisArgs(customerId, { visitId: othersVisit })),
    ];
    await pushOk(t.app, t.token, t.clientId, mutations);
    const { changes, rejections } = await pull(t.app, t.token, t.clientId);
    expect(changes.faceAnalyses.map((a) => a.id)).toEqual([kept.id]);
    expect(rejections.map((r) => [r.mutationId, r.reason])).toEqual([
      [mutations[1]!.id, 'この表情分析は既に登録されています'],
      [mutations[2]!.id, '顧客が見つかりません'],
      [mutations[3]!.id, '写真・動画が見つかりません'],
      [mutations[4]!.id, '選択した写真・動画はこの顧客のものではありません'],
      [mutations[5]!.id, '選択した来院記録はこの顧客のものではありません'],
    ]);
    expect(await getCtx().db.selectFrom('face_analyses').select('id').execute()).toEqual([{ id: kept.id }]);
  });

  it('lists a customer’s analyses newest first in the history, at most 100, and audits the read', async () => {
    const other = await newCustomer(t, '佐藤 次郎');
    const older = faceAnalysisArgs(customerId, { analysedAt: '2026-11-20T09:00:00.000Z', faces: [] });
    const newer = faceAnalysisArgs(customerId, { analysedAt: '2026-11-27T09:00:00.000Z' });
    await pushOk(t.app, t.token, t.clientId, [
      faceMutation(t, older),
      faceMutation(t, newer),
      faceMutation(t, faceAnalysisArgs(other)),
    ]);
    const res = await history(t, customerId);
    expect(res.status).toBe(200);
    expect((await bodyOf(res)).data).toEqual([
      {
        id: newer.id,
        timestamp: newer.analysedAt,
        emotions: deviceFace().emotions,
        faces: 1,
        processingTime: 842,
        source: 'photo',
        mediaId: null,
      },
      {
        id: older.id,
        timestamp: older.analysedAt,
        emotions: [],
        faces: 0,
        processingTime: 842,
        source: 'photo',
        mediaId: null,
      },
    ]);
    const [read] = await listAudit(getCtx().db, { action: 'faceAnalysis.read' });
    expect(JSON.parse(read!.detail!)).toEqual({
      via: 'GET /api/face-analysis/history/:customerId',
      ids: [newer.id, older.id],
    });

    const base = {
      customer_id: other,
      visit_id: null,
      media_id: null,
      source: 'photo' as const,
      processing_time: 1,
      faces: '[]',
      frames: null,
      engine: 'x',
      created_at: '2026-11-28T00:00:00.000Z',
      updated_at: '2026-11-28T00:00:00.000Z',
      updated_by: 'admin',
      version: 1,
      deleted: 0,
    };
    for (let day = 0; day < 101; day++)
      await insertFaceAnalysis(getCtx().db, {
        ...base,
        id: crypto.randomUUID(),
        analysed_at: new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString(),
      });
    const many = (await bodyOf(await history(t, other))).data as { timestamp: string }[];
    // 102 in all (the pushed one is the newest): the two oldest are left out.
    expect(many.length).toBe(100);
    expect([many[0]!.timestamp, many[99]!.timestamp]).toEqual(['2026-11-28T10:15:00.000Z', '2026-01-03T00:00:00.000Z']);
  });

  it('answers 400 for a customer id that is not a UUID, 404 for an unknown customer, 401 without a token', async () => {
    expect([(await history(t, 'abc')).status, await bodyOf(await history(t, 'abc'))]).toEqual([
      400,
      expect.objectContaining({ error: '顧客IDが正しくありません' }),
    ]);
    const unknown = await history(t, crypto.randomUUID());
    expect([unknown.status, (await bodyOf(unknown)).error]).toEqual([404, '顧客が見つかりません']);
    expect((await history(t, customerId, null)).status).toBe(401);
    expect((await bodyOf(await history(t, customerId))).data).toEqual([]);
  });
});
