import type { DeviceLogDetail, DeviceLogSession, DeviceLogStats } from '@clinic/sync-protocol/admin';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { MINUTE, advance, call, describeEachDatabase, failure, login, useFakeDate } from '../test/harness';
import { deviceUpload, sessionCount, storedLog, upload } from './android-logs-test-support';
import { insertDeviceLog } from './device-logs.repository';

const HOUR = 60 * MINUTE;
const BAD_NAME = failure('VALIDATION_ERROR', 'ファイル名が正しくありません');

describeEachDatabase('device error logs for the admin', (getCtx) => {
  let token: string;
  // Again after moving a faked clock: a token is only good near the time it was issued.
  const signIn = async () => {
    token = (await login(getCtx().app, getCtx().admin.username, getCtx().admin.password)).accessToken;
  };
  beforeEach(signIn);
  afterEach(() => vi.useRealTimers());

  const get = (path: string, as = token) => call(getCtx().app, 'GET', `/api/android-logs${path}`, { token: as });

  it('lists sessions newest first, with their error types, filtered by one', async () => {
    useFakeDate('2026-11-22T09:00:00.000Z');
    const first = (await upload(getCtx(), deviceUpload({ sessionId: 'first' }))).body.data.fileName;
    advance(MINUTE);
    await upload(getCtx(), deviceUpload({ sessionId: 'second', errors: [{ type: 'sync_error' }] }), 'error');
    advance(MINUTE);
    await upload(getCtx(), deviceUpload({ sessionId: 'third', errors: [], userActions: [] }));
    await signIn();

    const { logs } = (await get('/list')).body.data as { logs: DeviceLogSession[] };
    expect(logs.map((l) => [l.sessionId, l.kind, l.errorTypes])).toEqual([
      ['third', 'upload', []],
      ['second', 'error', ['sync_error']],
      ['first', 'upload', ['api_error', 'window_error']],
    ]);
    const oldest = logs[2]!;
    expect(oldest).toEqual({
      sessionId: 'first',
      uploadTime: '2026-11-22T09:00:00.000Z',
      deviceInfo: deviceUpload().deviceInfo,
      errorCount: 2,
      actionCount: 1,
      performance: { pageLoadTime: 1200.4, domContentLoaded: 800, firstContentfulPaint: 650.5 },
      fileSize: oldest.fileSize,
      fileName: first,
      kind: 'upload',
      errorTypes: ['api_error', 'window_error'],
    });
    expect(oldest.fileSize).toBeGreaterThan(500);

    const filtered = (await get('/list?errorType=window_error')).body.data.logs as DeviceLogSession[];
    expect(filtered.map((l) => l.sessionId)).toEqual(['first']);
    expect((await get('/list?errorType=none')).body.data.logs).toEqual([]);
  });

  it('lists at most 100 sessions', async () => {
    const { db } = getCtx();
    const start = Date.parse('2026-11-01T00:00:00.000Z');
    for (let i = 0; i < 101; i++) {
      const name = `android-log-20261101T000000-s${i}-${i.toString(16).padStart(8, '0')}.json`;
      await insertDeviceLog(db, {
        fileName: name,
        kind: 'upload',
        uploadedAt: new Date(start + i * MINUTE),
        ip: null,
        log: storedLog({ errors: [] }),
      });
    }
    const logs = (await get('/list')).body.data.logs as DeviceLogSession[];
    expect(logs).toHaveLength(100);
    expect(logs[0]!.fileName).toContain('-s100-');
    expect(logs.at(-1)!.fileName).toContain('-s1-');
  });

  it('counts sessions, errors by type and errors per Japanese day for 14 days', async () => {
    // 14:59 UTC is 23:59 in Japan; a minute later it is the next day there.
    useFakeDate('2026-11-20T14:59:00.000Z');
    const ctx = getCtx();
    await upload(ctx, deviceUpload());
    advance(2 * MINUTE);
    await upload(ctx, deviceUpload({ errors: [{ type: 'api_error' }], performance: { pageLoadTime: 1000 } }));
    await upload(ctx, deviceUpload({ errors: [], userActions: [], performance: {} }));
    advance(2 * 24 * HOUR);
    await signIn();

    const stats = (await get('/stats')).body.data as DeviceLogStats;
    expect(stats.summary).toEqual({ totalSessions: 3, totalErrors: 3, totalActions: 2, avgPageLoadTime: 1100 });
    expect(stats.errorTypes).toEqual({ api_error: 2, window_error: 1 });
    expect(stats.errorsPerDay).toHaveLength(14);
    expect(stats.errorsPerDay[0]).toEqual({ date: '2026-11-10', count: 0 });
    expect(stats.errorsPerDay.slice(-4)).toEqual([
      { date: '2026-11-20', count: 2 },
      { date: '2026-11-21', count: 1 },
      { date: '2026-11-22', count: 0 },
      { date: '2026-11-23', count: 0 },
    ]);
  });

  it('answers empty stats when nothing was uploaded', async () => {
    const stats = (await get('/stats')).body.data as DeviceLogStats;
    expect(stats.summary).toEqual({ totalSessions: 0, totalErrors: 0, totalActions: 0, avgPageLoadTime: null });
    expect(stats.errorTypes).toEqual({});
    expect(stats.errorsPerDay.every((d) => d.count === 0)).toBe(true);
  });

  it('shows one session in detail and downloads its JSON', async () => {
    const sent = deviceUpload();
    const { fileName } = (await upload(getCtx(), sent)).body.data;
    const detail = (await get(`/detail/${fileName}`)).body.data as DeviceLogDetail;
    expect(detail).toMatchObject({
      fileName,
      sessionId: sent.sessionId,
      errorCount: 2,
      errorTypes: ['api_error', 'window_error'],
    });
    expect(detail.errors).toEqual(sent.errors);
    expect(detail.userActions).toEqual(sent.userActions);
    expect(detail.apiResponseTimes).toEqual([
      { url: '/api/visits', method: 'GET', status: 200, duration: 120, timestamp: '2026-11-22T08:58:00.000Z' },
    ]);
    expect(detail.networkInfo).toEqual(sent.networkInfo);
    expect(detail.metadata).toEqual(sent.metadata);

    const res = await getCtx().app.request(`/api/android-logs/download/${fileName}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${fileName}"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(JSON.parse(await res.text())).toMatchObject({ sessionId: sent.sessionId, errors: sent.errors });
  });

  it('looks up only names of the server’s own form: no path reaches the disk', async () => {
    const { app } = getCtx();
    await upload(getCtx(), deviceUpload());
    for (const name of [
      '..%2F..%2Fclinic.sqlite',
      '%2e%2e%2f%2e%2e%2fclinic.sqlite',
      'android-log-x.json',
      'android-log-20261122T090000-a-0000000g.json',
    ]) {
      for (const route of ['detail', 'download']) {
        const res = await get(`/${route}/${name}`);
        expect(res.status, `${route}/${name}`).toBe(400);
        expect(res.body).toEqual(BAD_NAME);
      }
    }
    const missing = await get('/download/android-log-20261122T090000-a-00000000.json');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(failure('NOT_FOUND', 'ログが見つかりません'));
    expect((await get('/detail/..%2f..%2fpackage.json')).body).toEqual(BAD_NAME);

    // A plain ../ is resolved by the URL itself before any route sees it: it leaves /api/android-logs.
    for (const path of [
      '/api/android-logs/download/../../clinic.sqlite',
      '/api/android-logs/detail/../../../package.json',
    ]) {
      const res = await app.request(path, { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status, path).toBe(404);
      const text = await res.text();
      expect(text).not.toContain('SQLite format');
      expect(text).not.toContain('"workspaces"');
    }
  });

  it('is for admins only, and nothing changes a stored log', async () => {
    const { app, staff } = getCtx();
    const { fileName } = (await upload(getCtx(), deviceUpload())).body.data;
    const staffToken = (await login(app, staff.username, staff.password)).accessToken;
    for (const path of ['/list', '/stats', `/detail/${fileName}`, `/download/${fileName}`]) {
      expect((await get(path, staffToken)).body, path).toEqual(
        failure('FORBIDDEN', 'この操作を実行する権限がありません'),
      );
      expect((await call(app, 'GET', `/api/android-logs${path}`)).status, path).toBe(401);
    }
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      for (const path of [`/detail/${fileName}`, `/download/${fileName}`, '/list', '']) {
        const res = await call(app, method, `/api/android-logs${path}`, { token, body: {} });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
    }
    expect(await sessionCount(getCtx())).toBe(1);
  });
});
