import type { Page } from '@playwright/test';
import { adminReader, apiGet } from './support/api';
import { ANDROID_PHONE } from './support/browser';
import { expect, test } from './support/fixtures';
import { logStoreRows } from './support/log-db';
import { waitForServiceWorker } from './support/ui';

type Session = { sessionId: string; errorCount: number; kind: string; errorTypes: string[]; fileName: string };

/**
 * Errors the phone keeps until they are sent (its own database, not memory), as stored: sealed (issue 25), so
 * only how many there are can be read from outside; what they say is checked where the server shows them.
 */
const keptErrors = async (page: Page) => (await logStoreRows(page, 'deviceErrors')).length;
const keptInClear = async (page: Page, text: string) =>
  JSON.stringify(await logStoreRows(page, 'deviceErrors')).includes(text);

/** A script error on the page, as a bug in a screen would throw it. */
const throwOnPage = (page: Page, message: string) =>
  page.evaluate((text) => {
    setTimeout(() => {
      throw new Error(text);
    });
  }, message);

/** The sessions on the server whose errors include `message` (by then it holds every other file's logs too). */
const sessionsWith = async (baseURL: string, message: string) => {
  const read = await adminReader(baseURL);
  const { logs } = await read<{ logs: Session[] }>('/android-logs/list');
  const details = await Promise.all(
    logs.map((log) =>
      read<{ errors: { message: string }[] }>(`/android-logs/detail/${encodeURIComponent(log.fileName)}`),
    ),
  );
  return logs.filter((_, i) => details[i]!.errors.some((e) => e.message.includes(message)));
};

test.describe('device error logs from a phone', { tag: '@phone' }, () => {
  test.use({ userAgent: ANDROID_PHONE.userAgent, hasTouch: ANDROID_PHONE.hasTouch });

  test('sends an error thrown on a phone at once, keeps one thrown offline through a reload and sends it when back online, and lists both', async ({
    adminPage: page,
    context,
    serverURL,
  }) => {
    await waitForServiceWorker(page);
    await page.goto('/visits');
    await expect(page.getByRole('heading', { level: 1, name: '来院履歴' })).toBeVisible();

    await throwOnPage(page, 'e2e: 来院履歴で起きたエラー');
    await expect
      .poll(() => sessionsWith(serverURL, 'e2e: 来院履歴で起きたエラー'), { timeout: 30_000 })
      .toHaveLength(1);
    const [sent] = await sessionsWith(serverURL, 'e2e: 来院履歴で起きたエラー');
    expect(sent).toMatchObject({ kind: 'error', errorTypes: ['window_error'] });
    await expect.poll(() => keptErrors(page)).toBe(0); // sent, so cleared on the phone

    await context.setOffline(true);
    await throwOnPage(page, 'e2e: 電波のない所で起きたエラー');
    await expect.poll(() => keptErrors(page), { timeout: 10_000 }).toBe(1);
    expect(await keptInClear(page, '電波のない所')).toBe(false);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: '来院履歴' })).toBeVisible();
    expect(await keptErrors(page)).toBe(1);
    await context.setOffline(false);
    await expect
      .poll(() => sessionsWith(serverURL, 'e2e: 電波のない所で起きたエラー'), { timeout: 30_000 })
      .toHaveLength(1);

    await page.goto('/android-logs');
    await expect(page.getByRole('heading', { level: 1, name: '端末エラーログ' })).toBeVisible();
    // Cards on a phone (a table on a tablet): the session's own 詳細 button either way (the first of its uploads).
    const detail = page
      .getByRole('button', { name: `セッション ${sent!.sessionId.replaceAll('-', '').slice(0, 8)} の詳細` })
      .first();
    await expect(detail).toBeVisible();
    await expect(
      page.getByRole('group', { name: '種類で絞り込み' }).getByRole('button', { name: /^画面のエラー（\d+）$/ }),
    ).toBeVisible();
    await detail.click();
    const dialog = page.getByRole('dialog', { name: 'ログの詳細' });
    await expect(dialog.getByText(/^e2e: (来院履歴で起きたエラー|電波のない所で起きたエラー)$/).first()).toBeVisible();
    await dialog.getByText('端末情報', { exact: true }).click();
    await expect(dialog.getByText('Android 14').first()).toBeVisible();
    await dialog.getByRole('button', { name: '閉じる' }).last().click();

    // The report button: what the phone holds now goes at once, and the screen says so with the short session id.
    await page.getByRole('button', { name: /テストエラーを送信/ }).click();
    await expect(page.getByText(/^エラーログを送信しました（セッション [0-9a-f]{8}）$/)).toBeVisible({
      timeout: 30_000,
    });
    await expect
      .poll(() => sessionsWith(serverURL, '送信テストのためのエラーです'), { timeout: 10_000 })
      .toHaveLength(1);
  });
});

test.describe('device error logs on the server', () => {
  test("answers a download of a name that is not the server's own with a refusal", async ({ serverURL }) => {
    for (const path of [
      '/android-logs/download/..%2F..%2Fclinic.sqlite',
      '/android-logs/download/%2e%2e%2f%2e%2e%2fpackage.json',
    ]) {
      await expect(apiGet(serverURL, path)).rejects.toThrow(/400/);
    }
  });
});
