import { afterEach, expect, it, vi } from 'vitest';
import { deviceUpload, storedLog } from '../android-logs/android-logs-test-support';
import { deviceLogBytesOf } from '../android-logs/device-logs.repository';
import { createApp } from '../app';
import { jpeg } from '../media/media-test-support';
import { operationLogRowBytes } from '../pwa-operations/operation-log.repository';
import { logBatch, logEntry, postPhotoLog } from '../pwa-operations/pwa-operations-test-support';
import { type TestCtx, call, describeEachDatabase, failure, testConfig, useFakeDate } from '../test/harness';
import { anonymousStore } from './anonymous-storage';
import type { StorageLimits } from './storage-quota';

const DAILY = failure('RATE_LIMITED', '本日受け付けられるログの量を超えました。明日になると再び送信できます');
const FULL = failure('STORAGE_FULL', 'サーバーのログ保存容量がいっぱいです。管理者に連絡してください');

/** A device upload's cost as the quota counts it; every session id in these tests has 7 characters. */
const UPLOAD = deviceLogBytesOf(storedLog({ sessionId: 'session' }));

describeEachDatabase('the storage quota of the routes used without logging in', (getCtx) => {
  afterEach(() => vi.useRealTimers());

  const appWith = (ctx: TestCtx, limits: StorageLimits) =>
    createApp({ db: ctx.db, config: testConfig, anonymousStorage: limits });
  const uploadTo = (app: ReturnType<typeof createApp>, sessionId: string) =>
    call(app, 'POST', '/api/android-logs/upload', { body: deviceUpload({ sessionId }) });
  const sessions = async (ctx: TestCtx) =>
    (await ctx.db.selectFrom('device_log_sessions').select('session_id').orderBy('id').execute()).map(
      (r) => r.session_id,
    );

  it('counts in SQL what the routes count before storing: logs, entries and photos alike', async () => {
    useFakeDate('2026-11-22T03:00:00.000Z');
    const ctx = getCtx();
    expect((await uploadTo(ctx.app, 'first-1')).status).toBe(201);
    expect(
      (
        await call(ctx.app, 'POST', '/api/pwa-operations/log', {
          body: logBatch([logEntry({ data: { note: '記録'.repeat(100) } }), logEntry()]),
        })
      ).status,
    ).toBe(201);
    expect(
      (await postPhotoLog(ctx.app, await jpeg(320, 240), { operation: 'face_analysis_error', sessionId: 's1' })).status,
    ).toBe(201);
    const measured = await anonymousStore(ctx.db).measure('2026-11-21T15:00:00.000Z');
    const photo = await ctx.db
      .selectFrom('operation_logs')
      .select('photo_size')
      .where('photo_size', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(measured.total).toBe(measured.today);
    const entries = await ctx.db.selectFrom('operation_logs').selectAll().execute();
    expect(measured.total).toBe(UPLOAD + entries.reduce((sum, row) => sum + operationLogRowBytes(row), 0));
    expect(measured.total).toBeGreaterThan(UPLOAD + Number(photo.photo_size));
    // A new app (a restart) measures the same bytes from the database and refuses the one more that would not fit.
    const exact = appWith(ctx, { dailyBytes: measured.today + UPLOAD - 1, totalBytes: 1e12 });
    expect((await uploadTo(exact, 'second2')).body).toEqual(DAILY);
    const roomy = appWith(ctx, { dailyBytes: measured.today + UPLOAD, totalBytes: 1e12 });
    expect((await uploadTo(roomy, 'second2')).status).toBe(201);
  });

  it('refuses with 429 once a Japan day’s bytes are spent, on every anonymous route, and takes uploads again the next day', async () => {
    useFakeDate('2026-11-22T14:00:00.000Z'); // 23:00 in Japan
    const ctx = getCtx();
    const app = appWith(ctx, { dailyBytes: 3 * UPLOAD, totalBytes: 1e12 });
    for (const id of ['upload1', 'upload2', 'upload3']) expect((await uploadTo(app, id)).status).toBe(201);
    const refused = await uploadTo(app, 'upload4');
    expect([refused.status, refused.body]).toEqual([429, DAILY]);
    expect(
      (await call(app, 'POST', '/api/android-logs/error', { body: deviceUpload({ sessionId: 'upload5' }) })).body,
    ).toEqual(DAILY);
    expect((await call(app, 'POST', '/api/pwa-operations/log', { body: logBatch([logEntry()]) })).body).toEqual(DAILY);
    expect(
      (await postPhotoLog(app, await jpeg(64, 48), { operation: 'face_analysis_error', sessionId: 's1' })).body,
    ).toEqual(DAILY);
    expect(await sessions(ctx)).toEqual(['upload1', 'upload2', 'upload3']);
    expect(await ctx.db.selectFrom('operation_logs').select('id').execute()).toEqual([]);

    vi.setSystemTime(new Date('2026-11-22T15:00:00.000Z')); // midnight in Japan
    expect((await uploadTo(app, 'upload4')).status).toBe(201);
  });

  it('prunes the oldest (device logs and operation logs alike) when the total is reached, and never today’s', async () => {
    useFakeDate('2026-11-20T01:00:00.000Z');
    const ctx = getCtx();
    const app = appWith(ctx, { dailyBytes: 1e12, totalBytes: 4 * UPLOAD });
    expect((await uploadTo(app, 'oldest0')).status).toBe(201);
    vi.setSystemTime(new Date('2026-11-20T02:00:00.000Z'));
    const entry = logEntry();
    expect((await call(app, 'POST', '/api/pwa-operations/log', { body: logBatch([entry]) })).status).toBe(201);
    const entries = async () => (await ctx.db.selectFrom('operation_logs').select('id').execute()).map((r) => r.id);
    vi.setSystemTime(new Date('2026-11-21T01:00:00.000Z'));
    for (const id of ['older00', 'old0000']) expect((await uploadTo(app, id)).status).toBe(201);

    // The next day the total would pass 4 uploads: the oldest go first, until there is room and 5 % more.
    vi.setSystemTime(new Date('2026-11-22T01:00:00.000Z'));
    expect((await uploadTo(app, 'today-1')).status).toBe(201);
    expect([await sessions(ctx), await entries()]).toEqual([['older00', 'old0000', 'today-1'], [entry.id]]);
    // The entry is older than the next device log, so it goes first, across the tables.
    expect((await uploadTo(app, 'today-2')).status).toBe(201);
    expect([await sessions(ctx), await entries()]).toEqual([['old0000', 'today-1', 'today-2'], []]);
    expect((await uploadTo(app, 'today-3')).status).toBe(201);
    expect((await uploadTo(app, 'today-4')).status).toBe(201);
    expect(await sessions(ctx)).toEqual(['today-1', 'today-2', 'today-3', 'today-4']);

    // Nothing from before today is left to prune: 507, and today's uploads are kept.
    const refused = await uploadTo(app, 'today-5');
    expect([refused.status, refused.body]).toEqual([507, FULL]);
    expect(
      (await postPhotoLog(app, await jpeg(64, 48), { operation: 'face_analysis_error', sessionId: 's1' })).body,
    ).toEqual(FULL);
    expect(await sessions(ctx)).toEqual(['today-1', 'today-2', 'today-3', 'today-4']);
    expect(await entries()).toEqual([]);
  });
});
