import { DEVICE_LOG_FILE_NAME, DEVICE_LOG_LIMITS } from '@clinic/sync-protocol/admin';
import { afterEach, expect, it, vi } from 'vitest';
import { MINUTE, advance, call, describeEachDatabase, failure, useFakeDate } from '../test/harness';
import { deviceUpload, errorRowCount, sessionCount, storedLog, upload } from './android-logs-test-support';
import { DEVICE_LOG_RATE } from './android-logs.routes';
import { insertDeviceLog, pruneDeviceLogs } from './device-logs.repository';

const DAY = 24 * 60 * MINUTE;

describeEachDatabase('device error log uploads', (getCtx) => {
  afterEach(() => vi.useRealTimers());

  it('stores one session under a name the server makes, and one row per error', async () => {
    useFakeDate('2026-11-22T09:00:05.123Z');
    const ctx = getCtx();
    const res = await upload(ctx, deviceUpload({ sessionId: `s${'x'.repeat(60)}` }), 'error');
    expect(res.status).toBe(201);
    const { fileName, sessionId } = res.body.data;
    expect(sessionId).toBe(`s${'x'.repeat(60)}`);
    expect(fileName).toMatch(DEVICE_LOG_FILE_NAME);
    expect(fileName).toMatch(new RegExp(`^android-log-20261122T090005-s${'x'.repeat(39)}-[0-9a-f]{8}\\.json$`));

    const row = await ctx.db.selectFrom('device_log_sessions').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      file_name: fileName,
      uploaded_at: '2026-11-22T09:00:05.123Z',
      kind: 'error',
      session_id: sessionId,
      ip: null,
    });
    expect([Number(row.error_count), Number(row.action_count), Number(row.page_load_time)]).toEqual([2, 1, 1200.4]);
    expect(Number(row.file_size)).toBe(Buffer.byteLength(row.body, 'utf8'));
    expect(JSON.parse(row.body)).toMatchObject({
      sessionId,
      errors: [{ type: 'window_error' }, { type: 'api_error' }],
    });
    const errors = await ctx.db
      .selectFrom('device_log_errors')
      .select(['session_row_id', 'type', 'severity', 'at', 'day'])
      .orderBy('id')
      .execute();
    expect(errors.map((e) => ({ ...e, session_row_id: Number(e.session_row_id) }))).toEqual([
      {
        session_row_id: Number(row.id),
        type: 'window_error',
        severity: 'high',
        at: '2026-11-22T09:00:05.123Z',
        day: '2026-11-22',
      },
      {
        session_row_id: Number(row.id),
        type: 'api_error',
        severity: 'medium',
        at: '2026-11-22T09:00:05.123Z',
        day: '2026-11-22',
      },
    ]);

    const periodic = await upload(ctx, deviceUpload({ errors: [] }));
    expect(periodic.status).toBe(201);
    expect(periodic.body.data.fileName).not.toBe(fileName);
    expect(
      (await ctx.db.selectFrom('device_log_sessions').select('kind').orderBy('id').execute()).map((r) => r.kind),
    ).toEqual(['error', 'upload']);
    expect(await errorRowCount(ctx)).toBe(2);
  });

  it('caps and normalises whatever else a device sends, never refusing it', async () => {
    const ctx = getCtx();
    const many = Array.from({ length: 130 }, (_, i) => ({
      type: `t${i}`,
      severity: 'fatal',
      message: i,
      stack: i === 129 ? 'x'.repeat(50_000) : 'at a.js:1',
    }));
    const odd = {
      sessionId: 'odd',
      deviceInfo: 'not an object',
      errors: many,
      performance: { pageLoadTime: -5 },
      userActions: 'none',
      extra: { nested: true },
    };
    expect((await upload(ctx, odd)).status).toBe(201);
    const stored = JSON.parse(
      (await ctx.db.selectFrom('device_log_sessions').select('body').executeTakeFirstOrThrow()).body,
    );
    expect(stored.errors).toHaveLength(DEVICE_LOG_LIMITS.errors);
    expect(stored.errors[0]).toMatchObject({ type: 't30', severity: 'medium', message: '30' });
    expect(stored.errors[99].stack).toHaveLength(8000);
    expect(stored.performance.pageLoadTime).toBeNull();
    expect(stored.userActions).toEqual([]);
    expect(stored.extra).toBeUndefined();
    expect(await errorRowCount(ctx)).toBe(DEVICE_LOG_LIMITS.errors);
  });

  it('refuses a bad session id or a body that is not JSON, and stores nothing', async () => {
    const ctx = getCtx();
    const badId = failure('VALIDATION_ERROR', 'セッションIDが正しくありません');
    for (const sessionId of ['', '../../etc/passwd', 'a b', 'x'.repeat(101), 42]) {
      const res = await upload(ctx, { ...deviceUpload(), sessionId });
      expect(res.status, String(sessionId)).toBe(400);
      expect(res.body).toEqual(badId);
    }
    expect((await upload(ctx, { errors: [] })).body).toEqual(badId);
    expect((await upload(ctx, '{"sessionId": ')).body).toEqual(
      failure('VALIDATION_ERROR', 'リクエストの形式が正しくありません'),
    );
    expect((await upload(ctx, [1, 2])).body).toEqual(failure('VALIDATION_ERROR', 'リクエストの形式が正しくありません'));
    expect(await sessionCount(ctx)).toBe(0);
  });

  it('takes a body sent as text/plain, as sendBeacon may send it', async () => {
    const ctx = getCtx();
    const res = await call(ctx.app, 'POST', '/api/android-logs/error', {
      body: deviceUpload(),
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    });
    expect(res.status).toBe(201);
  });

  it('refuses a body over the limit with 413', async () => {
    const ctx = getCtx();
    const big = deviceUpload({
      metadata: { appVersion: '1', trigger: 'manual', url: 'x'.repeat(DEVICE_LOG_LIMITS.maxBodyBytes) },
    });
    const res = await upload(ctx, big);
    expect(res.status).toBe(413);
    expect(res.body).toEqual(failure('PAYLOAD_TOO_LARGE', 'リクエストが大きすぎます'));
    expect(await sessionCount(ctx)).toBe(0);
  });

  it('limits one address to 30 uploads a minute over both routes', async () => {
    useFakeDate();
    const ctx = getCtx();
    expect(DEVICE_LOG_RATE).toEqual({ max: 30, windowMs: MINUTE });
    for (let i = 0; i < 30; i++)
      expect((await upload(ctx, deviceUpload(), i % 2 ? 'error' : 'upload')).status).toBe(201);
    const refused = await upload(ctx, deviceUpload(), 'error');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect((await upload(ctx, deviceUpload())).status).toBe(429);
    expect(await sessionCount(ctx)).toBe(30);
    advance(MINUTE);
    expect((await upload(ctx, deviceUpload())).status).toBe(201);
  });

  it('prunes sessions past 30 days, with their errors, at most once an hour', async () => {
    useFakeDate('2026-10-01T00:00:00.000Z');
    const ctx = getCtx();
    const first = (await upload(ctx, deviceUpload())).body.data.fileName;
    advance(DEVICE_LOG_LIMITS.retentionDays * DAY + MINUTE);
    await upload(ctx, deviceUpload({ errors: [] }));
    const names = async () =>
      (await ctx.db.selectFrom('device_log_sessions').select('file_name').execute()).map((r) => r.file_name);
    expect(await names()).not.toContain(first);
    expect([await sessionCount(ctx), await errorRowCount(ctx)]).toEqual([1, 0]);

    // Past retention again, but the last prune was minutes ago: kept until the hour is up.
    const old = new Date(Date.now() - 40 * DAY);
    await insertDeviceLog(ctx.db, {
      fileName: 'android-log-20260901T000000-old-00000000.json',
      kind: 'upload',
      uploadedAt: old,
      ip: null,
      log: storedLog(),
    });
    advance(10 * MINUTE);
    await upload(ctx, deviceUpload({ errors: [] }));
    expect(await names()).toContain('android-log-20260901T000000-old-00000000.json');
    advance(60 * MINUTE);
    await upload(ctx, deviceUpload({ errors: [] }));
    expect(await names()).not.toContain('android-log-20260901T000000-old-00000000.json');
    expect([await sessionCount(ctx), await errorRowCount(ctx)]).toEqual([3, 0]);
  });

  it('prunes by upload time: a session exactly 30 days old stays, an older one goes', async () => {
    const ctx = getCtx();
    const now = new Date('2026-11-22T00:00:00.000Z');
    const log = storedLog();
    const at = (ms: number) => new Date(now.getTime() - ms);
    await insertDeviceLog(ctx.db, {
      fileName: 'android-log-a-00000001.json',
      kind: 'upload',
      uploadedAt: at(30 * DAY),
      ip: null,
      log,
    });
    await insertDeviceLog(ctx.db, {
      fileName: 'android-log-b-00000002.json',
      kind: 'upload',
      uploadedAt: at(30 * DAY + 1),
      ip: null,
      log,
    });
    expect(await pruneDeviceLogs(ctx.db, now)).toBe(1);
    expect(
      (await ctx.db.selectFrom('device_log_sessions').select('file_name').execute()).map((r) => r.file_name),
    ).toEqual(['android-log-a-00000001.json']);
    expect(await errorRowCount(ctx)).toBe(2);
  });
});
