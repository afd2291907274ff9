import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../auth/session-store';
import { jsonResponse, loginResponse, ok } from '../test-utils/fixtures';
import { fetchAuditLog, fetchDeviceLogStats } from './admin-logs-api';
import { analyzeOnServer } from './face-analysis';

const UNREADABLE = 'サーバーからの応答を読み取れませんでした。画面を再読み込みしてください';
const answerWith = (body: unknown, status = 200) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(jsonResponse(status, body))),
  );

describe('admin and media answers are parsed by their sync-protocol schemas, never cast', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.start(loginResponse());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.end('logout');
  });

  const stats = {
    summary: { totalSessions: 1, totalErrors: 2, totalActions: 3, avgPageLoadTime: null },
    errorTypes: { window_error: 2 },
    errorsPerDay: [],
  };

  it('gives the device-log figures as sent', async () => {
    answerWith(ok(stats));
    await expect(fetchDeviceLogStats()).resolves.toEqual(stats);
  });

  it('refuses device-log figures of another shape with a clear Japanese message', async () => {
    answerWith(ok({ ...stats, summary: { totalSessions: '1' } }));
    await expect(fetchDeviceLogStats()).rejects.toMatchObject({ code: 'UNEXPECTED_RESPONSE', message: UNREADABLE });
  });

  it('refuses an access-log page without its rows', async () => {
    answerWith(ok({ total: 0, actions: [] }));
    await expect(fetchAuditLog({})).rejects.toMatchObject({ message: UNREADABLE });
  });

  it("refuses a server analysis without its result, and words a refusal in the server's own words", async () => {
    const photo = new Blob(['x'], { type: 'image/jpeg' });
    const target = { customerId: '11111111-1111-4111-8111-111111111111', visitId: null };
    answerWith(ok({ mediaId: null, processingTime: 10 }));
    await expect(analyzeOnServer(photo, target, false)).rejects.toMatchObject({ message: UNREADABLE });
    answerWith(
      { success: false, data: null, error: '画像を読み取れませんでした', message: null, code: 'VALIDATION_ERROR' },
      400,
    );
    await expect(analyzeOnServer(photo, target, false)).rejects.toMatchObject({
      kind: 'input',
      message: '画像を読み取れませんでした',
    });
  });
});
