import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { DeviceLogDetail, DeviceLogSession, DeviceLogStats } from '@clinic/sync-protocol/admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../auth/session-store';
import { logDb } from '../../telemetry/log-db';
import { adminUser, jsonResponse, loginResponse, ok } from '../../test-utils/fixtures';
import { withAntd } from '../../test-utils/render';
import AndroidLogsPage from './android-logs-page';

const SLOW = { timeout: 4_000 };
const SESSION = '0193a3f0-1111-4000-8000-000000000001';
const session: DeviceLogSession = {
  sessionId: SESSION,
  uploadTime: '2026-11-25T01:00:00.000Z',
  deviceInfo: {
    platform: 'Android 14',
    viewport: '800x1280',
    connectionType: '4g',
    userAgent: 'Mozilla/5.0 (Linux; Android 14)',
    screenSize: '800x1280',
    language: 'ja',
  },
  errorCount: 7,
  actionCount: 30,
  performance: { pageLoadTime: 2500, domContentLoaded: 900, firstContentfulPaint: 700 },
  fileSize: 2048,
  fileName: 'android-log-20261125T010000-0193a3f0-1111-4000-8000-000000000001-0123abcd.json',
  kind: 'error',
  errorTypes: ['window_error'],
};
const stats: DeviceLogStats = {
  summary: { totalSessions: 1, totalErrors: 7, totalActions: 30, avgPageLoadTime: 2500 },
  errorTypes: { window_error: 5, api_error: 2 },
  errorsPerDay: Array.from({ length: 14 }, (_, i) => ({
    date: `2026-11-${String(12 + i).padStart(2, '0')}`,
    count: i === 13 ? 7 : 0,
  })),
};
const detail: DeviceLogDetail = {
  ...session,
  errors: [
    {
      type: 'window_error',
      severity: 'high',
      message: 'Cannot read properties of undefined',
      stack: `TypeError: x\n${'at f (app.js:1:1)\n'.repeat(40)}`,
      timestamp: '2026-11-25T00:59:00.000Z',
      url: '/visits',
    },
  ],
  userActions: Array.from({ length: 30 }, (_, i) => ({
    type: 'click',
    target: `button:操作${i + 1}`,
    timestamp: '2026-11-25T00:58:00.000Z',
  })),
  apiResponseTimes: Array.from({ length: 25 }, (_, i) => ({
    url: `/customers?page=${i + 1}`,
    method: 'GET',
    status: 200,
    duration: 100 + i,
    timestamp: '',
  })),
  networkInfo: { online: true, effectiveType: '4g', downlink: null, rtt: null },
  metadata: { appVersion: '0.1.0', trigger: 'error', url: '/visits' },
};

type Call = { url: string; method: string };
function stubServer(
  upload: () => Response = () => jsonResponse(201, ok({ fileName: session.fileName, sessionId: SESSION })),
  shown: { detail: DeviceLogDetail; stats: DeviceLogStats } = { detail, stats },
) {
  const calls: Call[] = [];
  /** What the server answers at each address. */
  const answer = (url: string, init: RequestInit = {}): Response => {
    calls.push({ url, method: init.method ?? 'GET' });
    if (url.startsWith('/api/android-logs/list')) return jsonResponse(200, ok({ logs: [session] }));
    if (url === '/api/android-logs/stats') return jsonResponse(200, ok(shown.stats));
    if (url.startsWith('/api/android-logs/detail/')) return jsonResponse(200, ok(shown.detail));
    if (url.startsWith('/api/android-logs/download/'))
      return jsonResponse(404, {
        success: false,
        data: null,
        error: 'ログが見つかりません',
        message: 'ログが見つかりません',
        code: 'NOT_FOUND',
      });
    if (url.startsWith('/api/android-logs/upload')) return upload();
    return jsonResponse(404, {});
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => Promise.resolve(answer(url, init))),
  );
  return calls;
}

describe('端末エラーログ', () => {
  beforeEach(async () => {
    sessionStore.start(loginResponse({ user: adminUser }));
    await logDb.deviceErrors.clear();
  });
  afterEach(() => {
    sessionStore.end('expired');
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("shows the figures, the error types and the sessions with spec 9's colours and sizes", async () => {
    const calls = stubServer();
    render(withAntd(<AndroidLogsPage />));
    const table = await screen.findByRole('table', { name: '受信したログ' }, SLOW);
    const stats = screen.getByRole('list', { name: '端末エラーログの集計' });
    expect(
      within(stats)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['セッション数1', 'エラー数7', '操作数30', '平均読み込み時間2,500ミリ秒']);
    expect(within(stats).getByText('7').className).toContain('stat-card-error');
    expect(within(table).getByText('2.0 KB')).toBeTruthy();
    expect(within(table).getByText('0193a3f0')).toBeTruthy();
    expect(screen.getByRole('img', { name: /エラー件数の推移（14日間）：14日間のエラー 7件/ })).toBeTruthy();

    fireEvent.click(
      within(screen.getByRole('group', { name: '種類で絞り込み' })).getByRole('button', { name: '通信のエラー（2）' }),
    );
    await waitFor(() => expect(calls.some((c) => c.url === '/api/android-logs/list?errorType=api_error')).toBe(true));
  });

  it("opens the detail with spec 9's cuts, and says when a download fails with its status", async () => {
    stubServer();
    render(withAntd(<AndroidLogsPage />));
    fireEvent.click(await screen.findByRole('button', { name: 'セッション 0193a3f0 の詳細' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'ログの詳細' });
    await within(dialog).findByText('Cannot read properties of undefined');
    expect(within(dialog).getByText(/^TypeError: x/).textContent).toHaveLength(200);
    fireEvent.click(within(dialog).getByText(/API応答時間（直近10件）/));
    expect(
      within(dialog)
        .getByText(/API応答時間（直近10件）/)
        .closest('details')?.open,
    ).toBe(true);
    await waitFor(() => expect(within(dialog).getAllByText(/^GET \/customers\?page=/)).toHaveLength(10));
    fireEvent.click(within(dialog).getByText(/操作履歴（直近20件）/));
    await waitFor(() => expect(within(dialog).getAllByText(/button:操作/)).toHaveLength(20));
    expect(within(dialog).queryByText(/button:操作10$/)).toBeNull(); // the oldest are cut
    fireEvent.click(within(dialog).getAllByRole('button', { name: '閉じる' }).at(-1)!);

    fireEvent.click(screen.getByRole('button', { name: 'セッション 0193a3f0 のログをダウンロード' }));
    expect(await screen.findByText('ダウンロードに失敗しました（ステータス 404）', undefined, SLOW)).toBeTruthy();
  });

  it("shows error types named like an object's insides (__proto__, constructor) as the device sent them", async () => {
    const oddDetail: DeviceLogDetail = {
      ...detail,
      errors: [
        { ...detail.errors[0]!, type: '__proto__', message: '一つ目' },
        { ...detail.errors[0]!, type: 'constructor', message: '二つ目' },
      ],
    };
    const oddStats: DeviceLogStats = { ...stats, errorTypes: { ['__proto__']: 3, toString: 1 } };
    stubServer(undefined, { detail: oddDetail, stats: oddStats });
    render(withAntd(<AndroidLogsPage />));
    const chips = await screen.findByRole('group', { name: '種類で絞り込み' }, SLOW);
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['すべて', '__proto__（3）', 'toString（1）']);
    fireEvent.click(await screen.findByRole('button', { name: 'セッション 0193a3f0 の詳細' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'ログの詳細' });
    await within(dialog).findByText('一つ目');
    expect(within(dialog).getByText('__proto__')).toBeTruthy();
    expect(within(dialog).getByText('constructor')).toBeTruthy();
    expect(screen.queryByText('エラーが発生しました')).toBeNull();
  });

  it("sends this device's report: success with the short session id, then the failure with サーバーエラー and the status, each for 60 s", async () => {
    let answer = () => jsonResponse(201, ok({ fileName: session.fileName, sessionId: SESSION }));
    const calls = stubServer(() => answer());
    await logDb.deviceErrors.add({
      type: 'window_error',
      severity: 'high',
      message: 'x',
      stack: '',
      timestamp: '',
      url: '/',
    });
    render(withAntd(<AndroidLogsPage />));
    await screen.findByText('未送信のエラー 1件', undefined, SLOW);
    fireEvent.click(screen.getByRole('button', { name: /エラーレポートを送信/ }));
    expect(
      await screen.findByText(/^エラーログを送信しました（セッション [0-9a-f]{8}）$/, undefined, SLOW),
    ).toBeTruthy();
    expect(await logDb.deviceErrors.count()).toBe(0); // spec 4: the local error log is cleared
    await waitFor(() =>
      expect(calls.filter((c) => c.url.startsWith('/api/android-logs/list')).length).toBeGreaterThanOrEqual(2),
    ); // and the list reloaded

    answer = () => jsonResponse(500, {});
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: /テストエラーを送信/ }));
    await vi.waitFor(() => expect(screen.getByText('エラーログの送信に失敗しました: サーバーエラー 500')).toBeTruthy());
    expect(await logDb.deviceErrors.count()).toBe(1); // the test error stays for the next try
    const status = () => screen.getByRole('status').textContent;
    await vi.advanceTimersByTimeAsync(59_000);
    expect(status()).toContain('エラーログの送信に失敗しました: サーバーエラー 500');
    await vi.advanceTimersByTimeAsync(1_500);
    vi.useRealTimers();
    await waitFor(() => expect(status()).toBe(''));
  });
});
