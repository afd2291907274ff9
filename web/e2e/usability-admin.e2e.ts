import { settled } from './support/axe';
import { expect, test } from './support/fixtures';
import { ADMIN } from './support/server';
import { loginViaUi } from './support/ui';
import { SIZES, screenChecks } from './support/screen-checks';

/** A phone's error report and a tablet's operation logs, sent as the devices send them (no login). */
async function seedLogs(baseURL: string, tag: string) {
  const post = (path: string, body: unknown) =>
    fetch(`${baseURL}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const sessionId = `usability-${tag}`;
  await post('/android-logs/error', {
    sessionId,
    deviceInfo: {
      platform: 'Android 14',
      viewport: '390x844',
      connectionType: '4g',
      userAgent: 'Mozilla/5.0 (Linux; Android 14)',
      screenSize: '390x844',
      language: 'ja',
    },
    errors: [
      {
        type: 'window_error',
        severity: 'high',
        message: '画面の表示中にエラーが起きました',
        stack: 'TypeError: x\n    at render (app.js:1:1)',
        timestamp: new Date().toISOString(),
        url: '/visits',
      },
    ],
    performance: {
      pageLoadTime: 2400,
      domContentLoaded: 900,
      firstContentfulPaint: 600,
      apiResponseTimes: [
        { url: '/customers', method: 'GET', status: 200, duration: 180, timestamp: new Date().toISOString() },
      ],
    },
    userActions: [{ type: 'click', target: 'button:保存', timestamp: new Date().toISOString() }],
    timestamp: new Date().toISOString(),
    metadata: { appVersion: '0.1.0', trigger: 'error' },
  });
  const device = {
    type: 'tablet',
    os: 'Android 14',
    browser: 'Chrome 131',
    screenWidth: 800,
    screenHeight: 1280,
    userAgent: 'Mozilla/5.0 (Linux; Android 14)',
  };
  const entry = (operation: string, extra: object) => ({
    id: crypto.randomUUID(),
    operation,
    screen: '/face-analysis',
    timestamp: new Date().toISOString(),
    userEmail: 'staff1@clinic.example',
    ...extra,
  });
  await post('/pwa-operations/log', {
    sessionId,
    device,
    logs: [
      entry('face_analysis_start', { data: { engine: 'device', online: true } }),
      entry('face_analysis_error', {
        data: { engine: 'device', online: true },
        error: { message: '分析に失敗しました', code: 'analyze' },
        apiResponse: { success: false, error: '分析に失敗しました' },
      }),
    ],
  });
}

test.describe("the administrator's screens, with logs in them", SIZES, () => {
  test('pass axe-core, fit and are tappable', async ({ page, viewport, serverURL }) => {
    await seedLogs(serverURL, String(viewport!.width));
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    const { problems, check } = screenChecks(page);
    const closeDialog = async (name: string) => {
      const dialog = page.getByRole('dialog', { name });
      await dialog.getByRole('button', { name: '閉じる' }).last().click();
      await expect(dialog).toBeHidden();
    };

    await page.goto('/android-logs');
    const deviceLogs = page.getByRole('table', { name: '受信したログ' });
    await expect(deviceLogs.getByRole('button', { name: /の詳細$/ }).first()).toBeVisible();
    await check('/android-logs');
    await deviceLogs
      .getByRole('button', { name: /の詳細$/ })
      .first()
      .click();
    await expect(
      page.getByRole('dialog', { name: 'ログの詳細' }).getByText('画面の表示中にエラーが起きました').first(),
    ).toBeVisible();
    await settled(page);
    await check('/android-logs detail');
    await closeDialog('ログの詳細');

    await page.goto('/pwa-operations-log');
    const logs = page.getByRole('table', { name: '操作ログ一覧' });
    await expect(logs.getByRole('button', { name: '表情分析のエラーの詳細' }).first()).toBeVisible();
    await check('/pwa-operations-log');
    await logs.getByRole('button', { name: '表情分析のエラーの詳細' }).first().click();
    await expect(page.getByRole('dialog', { name: '操作ログの詳細' })).toBeVisible();
    await settled(page);
    await check('/pwa-operations-log detail');
    await closeDialog('操作ログの詳細');
    await logs.getByRole('button', { name: '表情分析のエラーのエラーレポート' }).first().click();
    await expect(
      page.getByRole('dialog', { name: 'エラーレポート：表情分析のエラー' }).getByRole('row').first(),
    ).toBeVisible();
    await settled(page);
    await check('/pwa-operations-log report');
    await closeDialog('エラーレポート：表情分析のエラー');
    await page.getByRole('tab', { name: 'エラー分析' }).click();
    await expect(page.getByRole('list', { name: 'エラー分析の集計' })).toBeVisible();
    await check('/pwa-operations-log analysis');

    await page.goto('/audit-log');
    await expect(page.getByRole('table', { name: 'アクセスログ一覧' }).getByRole('row').nth(1)).toBeVisible();
    await check('/audit-log');
    await page.goto('/user-management');
    await expect(page.getByRole('table', { name: 'ユーザー一覧' }).getByRole('row').nth(1)).toBeVisible();
    await check('/user-management');
    if (viewport!.width < 600) {
      // On a phone the table scrolls sideways inside its own region (a keyboard can reach it); the page does not.
      const region = page.getByRole('region', { name: 'ユーザー一覧' });
      expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth && el.tabIndex === 0)).toBe(true);
      await region.evaluate((el) => el.scrollBy(200, 0));
      expect(await region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    }
    expect(problems).toEqual([]);
  });
});
