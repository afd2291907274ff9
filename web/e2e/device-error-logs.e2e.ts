import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiGet } from './support/api';
import { ANDROID_PHONE, NARROW, useBrowser } from './support/browser';
import { logStoreRows } from './support/log-db';
import { ADMIN } from './support/server';
import { loginViaUi, waitForServiceWorker } from './support/ui';

const baseURL = inject('baseURL');
const browser = useBrowser(baseURL);

type Session = { sessionId: string; errorCount: number; kind: string; errorTypes: string[]; fileName: string };

/** Errors the phone keeps until they are sent (its own database, not memory). */
const keptErrors = async (page: Page) =>
  (await logStoreRows<{ message: string }>(page, 'deviceErrors')).map((e) => e.message);

/** A script error on the page, as a bug in a screen would throw it. */
const throwOnPage = (page: Page, message: string) =>
  page.evaluate((text) => {
    setTimeout(() => {
      throw new Error(text);
    });
  }, message);

const sessionsWith = async (message: string) => {
  const { logs } = await apiGet<{ logs: Session[] }>(baseURL, '/android-logs/list');
  const found: Session[] = [];
  for (const log of logs) {
    const detail = await apiGet<{ errors: { message: string }[] }>(
      baseURL,
      `/android-logs/detail/${encodeURIComponent(log.fileName)}`,
    );
    if (detail.errors.some((e) => e.message.includes(message))) found.push(log);
  }
  return found;
};

describe('device error logs from a phone', () => {
  it('sends an error thrown on a phone at once, keeps one thrown offline through a reload and sends it when back online, and lists both', async () => {
    const context = await browser.newDevice(NARROW, ANDROID_PHONE);
    const page = await context.newPage();
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await waitForServiceWorker(page);
    await page.goto('/visits');
    await page.getByRole('heading', { level: 1, name: '来院履歴' }).waitFor();

    await throwOnPage(page, 'e2e: 来院履歴で起きたエラー');
    await expect.poll(() => sessionsWith('e2e: 来院履歴で起きたエラー'), { timeout: 30_000 }).toHaveLength(1);
    const [sent] = await sessionsWith('e2e: 来院履歴で起きたエラー');
    expect(sent).toMatchObject({ kind: 'error', errorTypes: ['window_error'] });
    await expect.poll(() => keptErrors(page)).toEqual([]); // sent, so cleared on the phone

    await context.setOffline(true);
    await throwOnPage(page, 'e2e: 電波のない所で起きたエラー');
    await expect.poll(() => keptErrors(page), { timeout: 10_000 }).toEqual(['e2e: 電波のない所で起きたエラー']);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: '来院履歴' }).waitFor();
    expect(await keptErrors(page)).toEqual(['e2e: 電波のない所で起きたエラー']);
    await context.setOffline(false);
    await expect.poll(() => sessionsWith('e2e: 電波のない所で起きたエラー'), { timeout: 30_000 }).toHaveLength(1);

    await page.goto('/android-logs');
    await page.getByRole('heading', { level: 1, name: '端末エラーログ' }).waitFor();
    const table = page.getByRole('table', { name: '受信したログ' });
    const row = table
      .getByRole('row')
      .filter({ hasText: sent!.sessionId.replaceAll('-', '').slice(0, 8) })
      .first();
    await row.waitFor();
    await page
      .getByRole('group', { name: '種類で絞り込み' })
      .getByRole('button', { name: /^画面のエラー（\d+）$/ })
      .waitFor();
    await row.getByRole('button', { name: /の詳細$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'ログの詳細' });
    await dialog
      .getByText(/^e2e: (来院履歴で起きたエラー|電波のない所で起きたエラー)$/)
      .first()
      .waitFor();
    await dialog.getByRole('button', { name: /端末情報/ }).click();
    await dialog.getByText('Android 14').first().waitFor();
    await dialog.getByRole('button', { name: '閉じる' }).last().click();

    // The report button: what the phone holds now goes at once, and the screen says so with the short session id.
    await page.getByRole('button', { name: /テストエラーを送信/ }).click();
    await page.getByText(/^エラーログを送信しました（セッション [0-9a-f]{8}）$/).waitFor({ timeout: 30_000 });
    await expect.poll(() => sessionsWith('送信テストのためのエラーです'), { timeout: 10_000 }).toHaveLength(1);
  });

  it("answers a download of a name that is not the server's own with a refusal", async () => {
    for (const path of [
      '/android-logs/download/..%2F..%2Fclinic.sqlite',
      '/android-logs/download/%2e%2e%2f%2e%2e%2fpackage.json',
    ]) {
      await expect(apiGet(baseURL, path)).rejects.toThrow(/400/);
    }
  });
});
