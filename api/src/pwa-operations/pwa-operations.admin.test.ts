import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { png } from '../media/media-test-support';
import { call, describeEachDatabase, failure, useFakeDate } from '../test/harness';
import { ADVICE, CHECKS } from './error-report';
import {
  adminGet,
  analysisAnswer,
  logBatch,
  logEntry,
  postLogs,
  postPhotoLog,
  tokens,
} from './pwa-operations-test-support';

const desktop = { type: 'desktop', os: 'Windows', browser: 'Edge' };
const tablet = { type: 'tablet', os: 'iPadOS', browser: 'Safari' };
const entry = (operation: string, at: string, fields: Parameters<typeof logEntry>[0] = {}) =>
  logEntry({ operation, timestamp: at, ...fields });

/**
 * A known week, the server's clock at 2026-11-28 12:00 in Japan. Times are UTC; the Japan day
 * starts at 15:00 UTC the day before.
 */
const sent = {
  // 2026-11-28 in Japan, from a phone.
  start: entry('face_analysis_start', '2026-11-28T01:00:01Z'),
  twoFaces: entry('face_analysis_success', '2026-11-28T01:00:02Z', { apiResponse: analysisAnswer(2) }),
  noFace: entry('face_analysis_success', '2026-11-28T01:00:03Z', { apiResponse: analysisAnswer(0) }),
  emotion: entry('emotion_display_error', '2026-11-28T01:00:04Z', {
    error: 'Cannot read properties of undefined',
    apiResponse: analysisAnswer(1),
  }),
  // 2026-11-27 in Japan, from a PC.
  failed: entry('face_analysis_error', '2026-11-27T10:00:01Z', {
    error: 'Request failed with status code 500',
    apiResponse: { success: false, error: '分析に失敗しました' },
  }),
  ageGender: entry('age_gender_display_error', '2026-11-27T10:00:02Z'),
  pcStart: entry('face_analysis_start', '2026-11-27T10:00:03Z'),
  // The first second of 2026-11-22 in Japan, from a tablet: the week's first day.
  login: entry('login_failure', '2026-11-21T15:00:00Z', { error: 'invalid' }),
  // The last second of 2026-11-21 in Japan: outside the week.
  older: entry('face_analysis_error', '2026-11-21T14:59:59Z', { error: 'timeout', apiResponse: { success: false } }),
};

describeEachDatabase('the administrators’ PWA operation log calls', (getCtx) => {
  let admin: string;
  let staff: string;
  beforeEach(async () => {
    // Each batch arrives as it was made; the server's time is what counts.
    const arrivals = [
      { at: '2026-11-21T14:59:59Z', logs: [sent.older], device: tablet },
      { at: '2026-11-21T15:00:00Z', logs: [sent.login], device: tablet },
      { at: '2026-11-27T10:00:01Z', logs: [sent.failed, sent.ageGender, sent.pcStart], device: desktop },
      { at: '2026-11-28T01:00:01Z', logs: [sent.start, sent.twoFaces, sent.noFace, sent.emotion] },
    ];
    useFakeDate();
    for (const { at, logs, device } of arrivals) {
      vi.setSystemTime(new Date(at));
      const res = await postLogs(getCtx().app, logBatch(logs, device ? { device } : {}));
      expect(res.status).toBe(201);
    }
    vi.setSystemTime(new Date('2026-11-28T03:00:00Z'));
    ({ admin, staff } = await tokens(getCtx()));
  });
  afterEach(() => vi.useRealTimers());

  const ids = (page: { logs: { id: string }[] }) => page.logs.map((l) => l.id);

  it('lists entries newest first, filtered by Japan day, operation and error, a page at a time', async () => {
    const get = (query: string) => adminGet(getCtx().app, admin, `/logs${query}`);
    const all = await get('');
    expect(ids(all)).toEqual(
      [
        sent.emotion,
        sent.noFace,
        sent.twoFaces,
        sent.start,
        sent.pcStart,
        sent.ageGender,
        sent.failed,
        sent.login,
        sent.older,
      ].map((e) => e.id),
    );
    expect(all.total).toBe(9);
    expect(all.logs[0]).toMatchObject({
      operation: 'emotion_display_error',
      serverTimestamp: '2026-11-28T01:00:01.000Z',
      error: { message: 'Cannot read properties of undefined' },
      photoPath: null,
      claimedUserEmail: 'staff1@clinic.local',
    });

    expect(await get('?date=2026-11-27')).toEqual({ logs: expect.any(Array), total: 3 });
    expect(ids(await get('?date=2026-11-22'))).toEqual([sent.login.id]);
    expect(ids(await get('?date=2026-11-21'))).toEqual([sent.older.id]);
    expect(ids(await get('?operation=face_analysis_error'))).toEqual([sent.failed.id, sent.older.id]);
    expect(ids(await get('?hasError=true'))).toEqual(
      [sent.emotion, sent.ageGender, sent.failed, sent.login, sent.older].map((e) => e.id),
    );
    expect((await get('?hasError=false')).total).toBe(4);
    expect(ids(await get('?date=2026-11-28&hasError=true'))).toEqual([sent.emotion.id]);
    expect(await get('?limit=2&offset=1')).toEqual({
      logs: [expect.objectContaining({ id: sent.noFace.id }), expect.objectContaining({ id: sent.twoFaces.id })],
      total: 9,
    });
    // Empty filters, as a form sends them, are no filters.
    expect((await get('?date=&operation=&hasError=')).total).toBe(9);
  });

  it('refuses a bad filter with its message', async () => {
    const cases: [string, string][] = [
      ['/logs?date=2026-02-30', '日付はYYYY-MM-DDの形式で指定してください'],
      ['/logs?operation=DROP%20TABLE', '操作の種類が正しくありません'],
      ['/logs?hasError=yes', 'エラーの有無はtrueかfalseで指定してください'],
      ['/logs?limit=101', '件数は1から100の整数で指定してください'],
      ['/logs?offset=-1', '開始位置は0以上の整数で指定してください'],
      ['/error-analysis?days=0', '期間は1から90日の整数で指定してください'],
      ['/error-analysis?days=91', '期間は1から90日の整数で指定してください'],
      ['/error-report/not-an-id', 'ログのIDが正しくありません'],
    ];
    for (const [path, message] of cases) {
      const res = await call(getCtx().app, 'GET', `/api/pwa-operations${path}`, { token: admin });
      expect([res.status, res.body], path).toEqual([400, failure('VALIDATION_ERROR', message)]);
    }
  });

  it('analyses the last 7 Japan days by default, counted by the database', async () => {
    expect(await adminGet(getCtx().app, admin, '/error-analysis')).toEqual({
      days: 7,
      totalOperations: 8,
      errorCount: 4,
      errorRate: 50,
      emotionDisplayErrors: 1,
      ageGenderDisplayErrors: 1,
      apiResponseAnalysis: { totalApiCalls: 4, successfulWithData: 3, successfulWithFaces: 2, failedApiCalls: 1 },
      deviceBreakdown: [
        { type: 'mobile', os: 'Android', browser: 'Chrome', count: 4, errorCount: 1 },
        { type: 'desktop', os: 'Windows', browser: 'Edge', count: 3, errorCount: 2 },
        { type: 'tablet', os: 'iPadOS', browser: 'Safari', count: 1, errorCount: 1 },
      ],
      errorsByOperation: {
        age_gender_display_error: 1,
        emotion_display_error: 1,
        face_analysis_error: 1,
        login_failure: 1,
      },
      perDay: [
        { date: '2026-11-22', operations: 1, errors: 1 },
        { date: '2026-11-23', operations: 0, errors: 0 },
        { date: '2026-11-24', operations: 0, errors: 0 },
        { date: '2026-11-25', operations: 0, errors: 0 },
        { date: '2026-11-26', operations: 0, errors: 0 },
        { date: '2026-11-27', operations: 3, errors: 2 },
        { date: '2026-11-28', operations: 4, errors: 1 },
      ],
    });
    expect(await adminGet(getCtx().app, admin, '/error-analysis?days=1')).toMatchObject({
      days: 1,
      totalOperations: 4,
      errorCount: 1,
      errorRate: 25,
      perDay: [{ date: '2026-11-28', operations: 4, errors: 1 }],
    });
    // 5 of 9: the rate to one decimal.
    expect(await adminGet(getCtx().app, admin, '/error-analysis?days=30')).toMatchObject({
      totalOperations: 9,
      errorCount: 5,
      errorRate: 55.6,
      apiResponseAnalysis: { failedApiCalls: 2 },
    });
  });

  it('analyses an empty period as zeros', async () => {
    vi.setSystemTime(new Date('2027-06-01T03:00:00Z'));
    const later = await tokens(getCtx());
    expect(await adminGet(getCtx().app, later.admin, '/error-analysis?days=2')).toEqual({
      days: 2,
      totalOperations: 0,
      errorCount: 0,
      errorRate: 0,
      emotionDisplayErrors: 0,
      ageGenderDisplayErrors: 0,
      apiResponseAnalysis: { totalApiCalls: 0, successfulWithData: 0, successfulWithFaces: 0, failedApiCalls: 0 },
      deviceBreakdown: [],
      errorsByOperation: {},
      perDay: [
        { date: '2027-05-31', operations: 0, errors: 0 },
        { date: '2027-06-01', operations: 0, errors: 0 },
      ],
    });
  });

  it('reports on one entry: its checks and what staff can do', async () => {
    const report = await adminGet(getCtx().app, admin, `/error-report/${sent.failed.id}`);
    expect(report.entry).toMatchObject({
      id: sent.failed.id,
      operation: 'face_analysis_error',
      device: desktop,
      apiResponse: { success: false, error: '分析に失敗しました' },
    });
    expect(report.diagnostics).toEqual({
      [CHECKS.noError]: false,
      [CHECKS.responded]: true,
      [CHECKS.succeeded]: false,
      [CHECKS.hasData]: false,
      [CHECKS.faceFound]: false,
      [CHECKS.displayed]: true,
    });
    expect(report.recommendations).toEqual([ADVICE.succeeded]);
    const unknown = await call(getCtx().app, 'GET', `/api/pwa-operations/error-report/${crypto.randomUUID()}`, {
      token: admin,
    });
    expect([unknown.status, unknown.body]).toEqual([404, failure('NOT_FOUND', 'ログが見つかりません')]);
  });

  it('answers only administrators: 401 without a login, 403 for staff', async () => {
    const photoLog = { id: crypto.randomUUID(), operation: 'face_analysis_error', sessionId: 'session-3' };
    expect((await postPhotoLog(getCtx().app, await png(), photoLog)).status).toBe(201);
    for (const path of ['/logs', '/error-analysis', `/error-report/${sent.login.id}`, `/photo/${photoLog.id}`]) {
      const request = (token?: string) =>
        getCtx().app.request(`/api/pwa-operations${path}`, {
          headers: token ? { Authorization: `Bearer ${token}` } : {},
        });
      const [anonymous, asStaff, asAdmin] = [await request(), await request(staff), await request(admin)];
      expect([anonymous.status, await anonymous.json()], path).toEqual([
        401,
        failure('UNAUTHORIZED', 'ログインが必要です'),
      ]);
      expect([asStaff.status, await asStaff.json()], path).toEqual([
        403,
        failure('FORBIDDEN', 'この操作を実行する権限がありません'),
      ]);
      expect([asAdmin.status, asAdmin.headers.get('cache-control')], path).toEqual([200, 'no-store']);
    }
  });
});
