import { OPERATION_LOG_LIMITS } from '@clinic/sync-protocol/admin';
import { png } from '../media/media-test-support';
import { afterEach, expect, it, vi } from 'vitest';
import { call, describeEachDatabase, failure, login, useFakeDate } from '../test/harness';
import {
  analysisAnswer,
  device,
  logBatch,
  logEntry,
  postLogs,
  postPhotoLog,
  storedRows,
} from './pwa-operations-test-support';
import { OPERATION_LOG_RATE } from './pwa-operations.routes';

const INVALID = failure('VALIDATION_ERROR', '操作ログの形式が正しくありません');

describeEachDatabase('POST /api/pwa-operations/log', (getCtx) => {
  afterEach(() => vi.useRealTimers());

  it('stores each entry of a batch with the facts the analysis counts, and a batch sent twice once', async () => {
    useFakeDate('2026-11-28T16:30:00.000Z');
    const ok = logEntry({
      operation: 'face_analysis_success',
      timestamp: '2026-11-28T16:29:58.000Z',
      apiResponse: analysisAnswer(2),
      data: { online: true },
    });
    const failed = logEntry({
      operation: 'face_analysis_error',
      timestamp: '2026-11-28T16:29:59.000Z',
      error: 'Network Error',
      apiResponse: { success: false, error: '分析に失敗しました' },
    });
    const batch = logBatch([ok, failed]);

    const first = await postLogs(getCtx().app, batch);
    expect([first.status, first.body]).toEqual([
      201,
      { success: true, data: { received: 2, stored: 2 }, error: null, message: null, code: null },
    ]);
    // sendBeacon as the page closed, then the queue's retry: the same entries again.
    const again = await postLogs(getCtx().app, batch);
    expect([again.status, again.body.data]).toEqual([201, { received: 2, stored: 0 }]);

    const rows = await storedRows(getCtx());
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      id: ok.id,
      operation: 'face_analysis_success',
      client_timestamp: '2026-11-28T16:29:58.000Z',
      server_timestamp: '2026-11-28T16:30:00.000Z',
      // 01:30 the next day in Japan.
      server_date: '2026-11-29',
      session_id: 'session-1',
      device_type: 'mobile',
      device_os: 'Android',
      device_browser: 'Chrome',
      user_email: 'staff1@clinic.local',
      has_error: 0,
      error: null,
      data: '{"online":true}',
      api_called: 1,
      api_ok: 1,
      api_has_data: 1,
      api_face_count: 2,
      photo_mime: null,
    });
    expect(JSON.parse(rows[0]!.device)).toEqual(device);
    expect(rows[1]).toMatchObject({
      id: failed.id,
      has_error: 1,
      api_called: 1,
      api_ok: 0,
      api_has_data: 0,
      api_face_count: 0,
    });
    expect(JSON.parse(rows[1]!.error as string)).toEqual({ message: 'Network Error', stack: '', code: '' });
  });

  it('takes a sendBeacon body (text/plain, no token), and counts an error operation without a message as an error', async () => {
    const entry = logEntry({ operation: 'emotion_display_error' });
    const res = await postLogs(getCtx().app, JSON.stringify(logBatch([entry])), 'text/plain;charset=UTF-8');
    expect([res.status, res.body.data]).toEqual([201, { received: 1, stored: 1 }]);
    expect(await storedRows(getCtx())).toMatchObject([{ id: entry.id, has_error: 1, error: null, api_called: 0 }]);
  });

  it('keeps long data and answers cut to size, but counts the answer by all it said', async () => {
    const answer = { ...analysisAnswer(3), padding: 'x'.repeat(20_000) };
    const entry = logEntry({
      operation: 'face_analysis_success',
      data: { note: 'y'.repeat(20_000) },
      apiResponse: answer,
    });
    expect((await postLogs(getCtx().app, logBatch([entry]))).status).toBe(201);
    const [row] = await storedRows(getCtx());
    expect([row?.data?.length, row?.api_response?.length, row?.api_response?.endsWith('…')]).toEqual([
      OPERATION_LOG_LIMITS.jsonChars,
      OPERATION_LOG_LIMITS.jsonChars,
      true,
    ]);
    expect(row).toMatchObject({ api_ok: 1, api_face_count: 3 });
  });

  it('takes entries exactly as spec 7 lists them, without an id: the server makes one for each', async () => {
    // Spec 3's entry as a device sends it: no id, no serverTimestamp or photoPath (the server's own).
    const specEntry = {
      operation: 'face_analysis_start',
      screen: '/face-analysis',
      timestamp: '2026-11-28T03:00:00.000Z',
      userEmail: 'staff1@clinic.local',
      data: { online: true },
      error: null,
      apiResponse: null,
    };
    const batch = {
      logs: [specEntry, { ...specEntry, operation: 'face_analysis_error', error: 'timeout' }],
      sessionId: 'session-spec',
      device,
    };
    const res = await postLogs(getCtx().app, batch);
    expect([res.status, res.body.data]).toEqual([201, { received: 2, stored: 2 }]);
    // Without an id a batch sent again is new entries: the device that wants a retry kept once sends its own.
    expect((await postLogs(getCtx().app, batch)).body.data).toEqual({ received: 2, stored: 2 });
    const rows = await storedRows(getCtx());
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((r) => r.id)).size).toBe(4);
    for (const row of rows)
      expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("stores the app's start-up event (spec 9) with its start time and device facts", async () => {
    const data = { startedAt: '2026-12-02T00:00:00.000Z', device: { platform: 'Android 14', viewport: '1280x800' } };
    const entry = logEntry({ operation: 'app_start', data });
    expect((await postLogs(getCtx().app, logBatch([entry]))).status).toBe(201);
    const admin = (await login(getCtx().app, getCtx().admin.username, getCtx().admin.password)).accessToken;
    const listed = await call(getCtx().app, 'GET', '/api/pwa-operations/logs?operation=app_start', { token: admin });
    expect(listed.body.data.logs).toMatchObject([{ id: entry.id, operation: 'app_start', data, error: null }]);
  });

  it('refuses an operation type this app does not log, before it reaches a screen that looks it up', async () => {
    for (const operation of [
      '__proto__',
      'constructor',
      'toString',
      'page_view',
      'face_analysis_start ',
      'FACE_ANALYSIS_START',
    ]) {
      const res = await postLogs(getCtx().app, logBatch([logEntry(), logEntry({ operation })]));
      expect([res.status, res.body], operation).toEqual([400, INVALID]);
      const photo = await postPhotoLog(getCtx().app, await png(), { operation, sessionId: 's' });
      expect([photo.status, photo.body], operation).toEqual([400, INVALID]);
    }
    expect(await storedRows(getCtx())).toEqual([]);
  });

  it("answers the e-mail a device sent under the spec's name userEmail, flagged as the device's claim: the upload has no login", async () => {
    const entry = logEntry({ userEmail: 'admin@clinic.local' });
    expect((await postLogs(getCtx().app, logBatch([entry]))).status).toBe(201);
    const admin = (await login(getCtx().app, getCtx().admin.username, getCtx().admin.password)).accessToken;
    const listed = (await call(getCtx().app, 'GET', '/api/pwa-operations/logs', { token: admin })).body.data.logs[0];
    const claim = { userEmail: 'admin@clinic.local', userEmailClaimed: true, claimedUserEmail: 'admin@clinic.local' };
    expect(listed).toMatchObject({ id: entry.id, ...claim });
    const report = (await call(getCtx().app, 'GET', `/api/pwa-operations/error-report/${entry.id}`, { token: admin }))
      .body.data;
    expect(report.entry).toMatchObject(claim);
  });

  it('refuses a body that is not a batch, storing nothing', async () => {
    const tooMany = Array.from({ length: OPERATION_LOG_LIMITS.batch + 1 }, () => logEntry());
    const bodies: unknown[] = [
      'not json',
      {},
      logBatch([]),
      logBatch(tooMany),
      logBatch([logEntry({ id: 'not-a-uuid' })]),
      logBatch([logEntry({ operation: 'Face Analysis' })]),
      logBatch([logEntry()], { sessionId: '' }),
      // One bad entry refuses the whole batch: the device keeps it queued as it is.
      logBatch([logEntry(), logEntry({ id: 42 as unknown as string })]),
    ];
    for (const body of bodies) {
      const res = await postLogs(getCtx().app, body);
      expect([res.status, res.body], JSON.stringify(body).slice(0, 80)).toEqual([400, INVALID]);
    }
    expect(await storedRows(getCtx())).toEqual([]);
  });

  it('refuses a body over the limit with 413', async () => {
    const entry = logEntry({ data: 'z'.repeat(OPERATION_LOG_LIMITS.maxBodyBytes) });
    const res = await postLogs(getCtx().app, logBatch([entry]), 'text/plain;charset=UTF-8');
    expect([res.status, res.body]).toEqual([413, failure('PAYLOAD_TOO_LARGE', 'リクエストが大きすぎます')]);
    expect(await storedRows(getCtx())).toEqual([]);
  });

  it('answers 429 once an address sent too many, on both logging routes', async () => {
    for (let i = 0; i < OPERATION_LOG_RATE.max; i += 1)
      expect((await postLogs(getCtx().app, logBatch([logEntry()]))).status).toBe(201);
    const refused = await postLogs(getCtx().app, logBatch([logEntry()]));
    expect([refused.status, refused.body]).toEqual([
      429,
      failure('RATE_LIMITED', '送信が多すぎます。しばらくしてからもう一度お試しください'),
    ]);
    expect(refused.res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await postPhotoLog(getCtx().app, null, {})).status).toBe(429);
    expect(await storedRows(getCtx())).toHaveLength(OPERATION_LOG_RATE.max);
  });
});
