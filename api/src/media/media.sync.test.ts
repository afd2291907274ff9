import { afterEach, beforeEach, expect, it } from 'vitest';
import { listAudit } from '../audit/audit.repository';
import { pull, pushOk, tokenOf } from '../sync/sync-test-helpers';
import { describeEachDatabase } from '../test/harness';
import {
  type MediaTestApp,
  createMutation,
  mediaApp,
  mediaArgs,
  newCustomer,
  newVisit,
  syncCapture,
  tusUpload,
  webm,
} from './media-test-support';

describeEachDatabase('media through sync', (getCtx) => {
  let t: MediaTestApp;
  let customerId: string;
  beforeEach(async () => {
    t = await mediaApp(getCtx());
    customerId = await newCustomer(t);
  });
  afterEach(() => t.cleanup());

  it('records a capture from media.create as not uploaded, pulls it with every fact, then uploaded once the file is in', async () => {
    const visitId = await newVisit(t, customerId);
    const file = webm(20_000);
    const capture = await syncCapture(t, customerId, file, {
      visitId,
      kind: 'video',
      mime: 'video/webm',
      duration: 30.5,
      width: 1280,
      height: 720,
      quality: 72.25,
    });
    const first = await pull(t.app, t.token, t.clientId);
    expect(first.changes.media).toEqual([
      {
        ...capture,
        uploaded: false,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        updatedBy: 'admin',
        version: expect.any(Number),
        deleted: false,
      },
    ]);
    const [created] = await listAudit(getCtx().db, { action: 'media.create', entityId: capture.id });
    expect(created).toMatchObject({ entity: 'media', user_id: getCtx().admin.id });

    expect((await tusUpload(t, capture.id, file)).status).toBe(204);
    const second = await pull(t.app, t.token, t.clientId, first.cookie);
    expect(second.changes.media).toMatchObject([{ id: capture.id, uploaded: true, size: 20_000 }]);
    // Nothing changed since: the next pull carries nothing.
    expect((await pull(t.app, t.token, t.clientId, second.cookie)).changes.media).toEqual([]);
  });

  it('keeps the person who took a photo as its author when another person’s sign-in uploads it (issue 38)', async () => {
    const { admin, staff, db } = getCtx();
    const file = webm(8_000);
    // 佐藤 (the admin here) took it; the tablet's queue sent it, and its file, during 鈴木's (staff) sign-in.
    const sender = { ...t, token: await tokenOf(t.app, staff) };
    const args = mediaArgs(customerId, file, { kind: 'video', mime: 'video/webm' });
    await pushOk(t.app, sender.token, t.clientId, [{ ...createMutation(t, args), authorId: admin.id }]);
    expect((await tusUpload(sender, args.id, file)).status).toBe(204);

    const { changes } = await pull(t.app, sender.token, t.clientId);
    expect(changes.media).toMatchObject([{ id: args.id, uploaded: true, updatedBy: admin.username }]);
    const stored = await db.selectFrom('media').select('updated_by').where('id', '=', args.id).executeTakeFirst();
    expect(stored?.updated_by).toBe(admin.username);
    const rows = (await listAudit(db, { entityId: args.id })).filter(
      (r) => r.action.startsWith('media.') && r.action !== 'media.read',
    );
    expect(rows.map((r) => [r.action, r.username, r.delivered_by_name])).toEqual([
      ['media.create', admin.username, staff.username],
      ['media.upload', admin.username, staff.username],
    ]);
  });

  it('rejects an id already recorded, an unknown customer and a visit of another customer, writing nothing', async () => {
    const other = await newCustomer(t, '佐藤 次郎');
    const othersVisit = await newVisit(t, other);
    const file = webm(1_000);
    const kept = mediaArgs(customerId, file, { kind: 'video', mime: 'video/webm' });
    const mutations = [
      createMutation(t, kept),
      createMutation(t, { ...mediaArgs(customerId, file, { kind: 'video', mime: 'video/webm' }), id: kept.id }),
      createMutation(t, mediaArgs(crypto.randomUUID(), file)),
      createMutation(t, mediaArgs(customerId, file, { visitId: othersVisit })),
      createMutation(t, mediaArgs(customerId, file, { visitId: crypto.randomUUID() })),
    ];
    await pushOk(t.app, t.token, t.clientId, mutations);
    const { changes, rejections } = await pull(t.app, t.token, t.clientId);
    expect(changes.media.map((m) => m.id)).toEqual([kept.id]);
    expect(rejections.map((r) => [r.mutationId, r.reason])).toEqual([
      [mutations[1]!.id, 'この写真・動画は既に登録されています'],
      [mutations[2]!.id, '顧客が見つかりません'],
      [mutations[3]!.id, '選択した来院記録はこの顧客のものではありません'],
      [mutations[4]!.id, '来院記録が見つかりません'],
    ]);
  });

  it('rejects facts that do not fit: a type against its kind, a photo over 10 MB, a video over 500 MB', async () => {
    const file = webm(1_000);
    const mutations = [
      createMutation(t, mediaArgs(customerId, file, { kind: 'photo', mime: 'video/webm' })),
      createMutation(t, mediaArgs(customerId, file, { size: 10 * 1024 * 1024 + 1 })),
      createMutation(
        t,
        mediaArgs(customerId, file, { kind: 'video', mime: 'video/webm', size: 500 * 1024 * 1024 + 1 }),
      ),
      // As a hostile client would send it: args are unknown on the wire.
      {
        ...createMutation(t, mediaArgs(customerId, file)),
        args: { ...mediaArgs(customerId, file), mime: 'image/svg+xml' },
      },
    ];
    await pushOk(t.app, t.token, t.clientId, mutations);
    const { changes, rejections } = await pull(t.app, t.token, t.clientId);
    expect(changes.media).toEqual([]);
    expect(rejections.map((r) => r.reason)).toEqual([
      'ファイルの種類が写真・動画の区別と合っていません',
      '写真は10MB以下にしてください',
      '動画は500MB以下にしてください',
      'JPEG・PNG・GIF の写真か WebM・MP4 の動画だけを保存できます',
    ]);
  });
});
