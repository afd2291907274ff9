import type { Page } from 'playwright-core';

export async function fillLogin(page: Page, id: string, password: string) {
  await page.getByLabel('ユーザー名またはメールアドレス').fill(id);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

/** Logs in through the login screen and waits for the dashboard. */
export async function loginViaUi(page: Page, id: string, password: string) {
  await page.goto('/login');
  await fillLogin(page, id, password);
  await page.getByRole('heading', { level: 1, name: 'ダッシュボード' }).waitFor();
}

/** Resolves once a service worker controls the page, so the shell is precached. */
export async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(
    async () => {
      const registration = await navigator.serviceWorker.ready;
      return Boolean(registration.active) && navigator.serviceWorker.controller !== null;
    },
    undefined,
    { timeout: 30_000 },
  );
}
