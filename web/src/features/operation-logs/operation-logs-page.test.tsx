import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ErrorAnalysis, ErrorReport, OperationLogEntry } from '@clinic/sync-protocol/admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../auth/session-store';
import { adminUser, jsonResponse, loginResponse, ok } from '../../test-utils/fixtures';
import { withoutRetryWaits } from '../../test-utils/online-views';
import { withAntd } from '../../test-utils/render';
import OperationLogsPage from './operation-logs-page';

const SLOW = { timeout: 4_000 };
const entry = (over: Partial<OperationLogEntry> = {}): OperationLogEntry => ({
  id: '0193a3f0-2222-4000-8000-000000000001',
  operation: 'face_analysis_error',
  screen: '/face-analysis',
  timestamp: '2026-11-25T01:00:00.000Z',
  serverTimestamp: '2026-11-25T01:00:02.000Z',
  sessionId: 's1',
  device: {
    type: 'tablet',
    os: 'Android 14',
    browser: 'Chrome 131',
    screenWidth: 800,
    screenHeight: 1280,
    userAgent: '',
  },
  userEmail: 'staff1@clinic.local',
  userEmailClaimed: true,
  claimedUserEmail: 'staff1@clinic.local',
  photoPath: null,
  data: { engine: 'device', online: true },
  error: { message: '分析に失敗しました', stack: '', code: 'analyze' },
  apiResponse: { success: false },
  ...over,
});
const analysis: ErrorAnalysis = {
  days: 7,
  totalOperations: 40,
  errorCount: 4,
  errorRate: 10,
  emotionDisplayErrors: 1,
  ageGenderDisplayErrors: 2,
  apiResponseAnalysis: { totalApiCalls: 20, successfulWithData: 18, successfulWithFaces: 15, failedApiCalls: 2 },
  deviceBreakdown: [{ type: 'tablet', os: 'Android 14', browser: 'Chrome 131', count: 40, errorCount: 4 }],
  errorsByOperation: { face_analysis_error: 1, age_gender_display_error: 2, emotion_display_error: 1 },
  perDay: Array.from({ length: 7 }, (_, i) => ({
    date: `2026-11-${19 + i}`,
    operations: i === 6 ? 40 : 0,
    errors: i === 6 ? 4 : 0,
  })),
};
const defaultLogs = () => [
  entry(),
  entry({ id: '0193a3f0-2222-4000-8000-000000000002', operation: 'face_analysis_start', error: null }),
];
const report: ErrorReport = {
  entry: entry(),
  diagnostics: { 分析・通信の応答があった: true, 顔が検出された: false },
  recommendations: ['顔が正面を向き、明るい場所で撮影してください'],
};

function stubServer(
  failing: string | null = null,
  logs: OperationLogEntry[] = defaultLogs(),
  shownAnalysis: ErrorAnalysis = analysis,
) {
  const urls: string[] = [];
  /** What the server answers at each address. */
  const answer = (url: string): Response => {
    urls.push(url);
    if (failing && url.includes(failing))
      return jsonResponse(500, { success: false, data: null, error: 'x', message: 'x', code: 'INTERNAL_ERROR' });
    if (url.startsWith('/api/pwa-operations/logs')) return jsonResponse(200, ok({ logs, total: logs.length }));
    if (url.startsWith('/api/pwa-operations/error-analysis')) return jsonResponse(200, ok(shownAnalysis));
    if (url.startsWith('/api/pwa-operations/error-report/')) return jsonResponse(200, ok(report));
    return jsonResponse(404, {});
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => Promise.resolve(answer(url))),
  );
  return urls;
}

describe('操作ログ分析', () => {
  let restoreRetryWaits = () => {};
  beforeEach(() => {
    sessionStore.start(loginResponse({ user: adminUser }));
    restoreRetryWaits = withoutRetryWaits();
  });
  afterEach(() => {
    restoreRetryWaits();
    sessionStore.end('expired');
    vi.unstubAllGlobals();
  });

  it('lists the logs, filters them by date, type and error, and shows a detail and an error report', async () => {
    const urls = stubServer();
    render(withAntd(<OperationLogsPage />));
    const table = await screen.findByRole('table', { name: '操作ログ一覧' }, SLOW);
    expect(within(table).getByText('表情分析のエラー')).toBeTruthy();
    expect(within(table).getAllByText('タブレット・Android 14・Chrome 131')).toHaveLength(2);
    expect(urls[0]).toBe('/api/pwa-operations/logs?limit=100&offset=0');

    fireEvent.change(screen.getByLabelText('日付'), { target: { value: '2026-11-25' } });
    fireEvent.click(screen.getByRole('radio', { name: 'エラーあり' }));
    await waitFor(() =>
      expect(urls.at(-1)).toBe('/api/pwa-operations/logs?date=2026-11-25&hasError=true&limit=100&offset=0'),
    );

    fireEvent.click(within(table).getAllByRole('button', { name: '表情分析のエラーの詳細' })[0]!);
    // antd names every id 'test-id' under test, so a dialog is found by its title's text, not its name.
    const dialogTitled = async (title: string) =>
      (await screen.findByText(title, { selector: '.ant-modal-title' }, SLOW)).closest<HTMLElement>('[role="dialog"]')!;
    const detail = await dialogTitled('操作ログの詳細');
    expect(within(detail).getByText('analyze：分析に失敗しました')).toBeTruthy();
    // The upload needs no login: the e-mail is what the device said, never shown as the user.
    expect(within(detail).getByText('端末の申告: staff1@clinic.local')).toBeTruthy();
    expect(within(table).getAllByText('端末の申告: staff1@clinic.local')).toHaveLength(2);
    fireEvent.click(within(detail).getAllByRole('button', { name: '閉じる' }).at(-1)!);

    fireEvent.click(within(table).getAllByRole('button', { name: '表情分析のエラーのエラーレポート' })[0]!);
    const dialog = await dialogTitled('エラーレポート：表情分析のエラー');
    const checks = await within(dialog).findByRole('table');
    expect(
      within(checks)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['分析・通信の応答があった OK', '顔が検出された 問題あり']);
    expect(within(dialog).getByText('顔が正面を向き、明るい場所で撮影してください')).toBeTruthy();
  }, 20_000);

  it('shows the error analysis for 7 days by default, as numbers and charts', async () => {
    const urls = stubServer();
    render(withAntd(<OperationLogsPage />));
    fireEvent.click(await screen.findByRole('tab', { name: 'エラー分析' }, SLOW));
    const stats = await screen.findByRole('list', { name: 'エラー分析の集計' }, SLOW);
    expect(urls).toContain('/api/pwa-operations/error-analysis?days=7');
    expect(
      within(stats)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['操作数40', 'エラー数4', 'エラー率10%', '感情の表示エラー1', '年齢・性別の表示エラー2']);
    expect(screen.getByRole('img', { name: '日ごとの操作数とエラー数：期間中の操作 40件、エラー 4件' })).toBeTruthy();
    const figure = (caption: string) => screen.getByText(caption, { selector: 'figcaption' }).closest('figure')!;
    const api = figure('分析・通信の応答');
    expect(
      within(api)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['応答の数20', '成功（結果あり）18', '成功（顔を検出）15', '失敗2']);
    expect(within(figure('操作ごとのエラー数')).getAllByRole('listitem')[0]!.textContent).toBe(
      '年齢・性別の表示エラー2',
    );
    expect(
      within(screen.getByRole('table', { name: '端末ごとの内訳' })).getByText('タブレット・Android 14・Chrome 131'),
    ).toBeTruthy();
  });

  it('shows an operation it does not know (an old row, __proto__) as 不明な操作 in the list, the detail, the report and the analysis', async () => {
    // Computed keys: own properties named like an object's insides, as JSON.parse makes them.
    const odd = { ['__proto__']: 2, constructor: 1, face_analysis_error: 1 };
    const logs = [
      entry({ operation: '__proto__' }),
      entry({ id: '0193a3f0-2222-4000-8000-000000000003', operation: 'toString', error: null }),
    ];
    stubServer(null, logs, { ...analysis, errorsByOperation: odd });
    render(withAntd(<OperationLogsPage />));
    const table = await screen.findByRole('table', { name: '操作ログ一覧' }, SLOW);
    expect(within(table).getAllByText('不明な操作')).toHaveLength(2);

    fireEvent.click(within(table).getAllByRole('button', { name: '不明な操作の詳細' })[0]!);
    const detail = (
      await screen.findByText('操作ログの詳細', { selector: '.ant-modal-title' }, SLOW)
    ).closest<HTMLElement>('[role="dialog"]')!;
    expect(within(detail).getByText('不明な操作（__proto__）')).toBeTruthy();
    fireEvent.click(within(detail).getAllByRole('button', { name: '閉じる' }).at(-1)!);

    fireEvent.click(within(table).getAllByRole('button', { name: '不明な操作のエラーレポート' })[0]!);
    expect(await screen.findByText('エラーレポート：不明な操作', { selector: '.ant-modal-title' }, SLOW)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: '閉じる' }).at(-1)!);

    fireEvent.click(screen.getByRole('tab', { name: 'エラー分析' }));
    const byOperation = (await screen.findByText('操作ごとのエラー数', { selector: 'figcaption' }, SLOW)).closest(
      'figure',
    )!;
    expect(
      within(byOperation)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['不明な操作3', '表情分析のエラー1']);
    expect(screen.queryByText('エラーが発生しました')).toBeNull();
  }, 20_000);

  it('says ログの取得に失敗しました, エラー分析の取得に失敗しました and エラーレポートの取得に失敗しました (spec 8)', async () => {
    stubServer('/logs');
    const view = render(withAntd(<OperationLogsPage />));
    expect(await screen.findByText(/^ログの取得に失敗しました/, undefined, SLOW)).toBeTruthy();
    view.unmount();
    stubServer('/error-analysis');
    render(withAntd(<OperationLogsPage />));
    fireEvent.click(await screen.findByRole('tab', { name: 'エラー分析' }, SLOW));
    expect(await screen.findByText(/^エラー分析の取得に失敗しました/, undefined, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '操作ログ' }));
    stubServer('/error-report/');
    const table = await screen.findByRole('table', { name: '操作ログ一覧' }, SLOW);
    fireEvent.click(within(table).getAllByRole('button', { name: '表情分析のエラーのエラーレポート' })[0]!);
    expect(await screen.findByText(/^エラーレポートの取得に失敗しました/, undefined, SLOW)).toBeTruthy();
  });
});
