import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext } from './support/browser';
import { ADMIN } from './support/server';
import { loginViaUi, waitForServiceWorker } from './support/ui';

const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('offline shell', () => {
  it('reloads the shell with the network off', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'ダッシュボード' }).waitFor();
    await expect(page.getByRole('navigation', { name: 'メインメニュー' }).isVisible()).resolves.toBe(true);

    // A page never opened before also comes from the precached shell.
    await page.goto('/settings');
    await page.getByRole('heading', { level: 1, name: '設定' }).waitFor();
    await context.close();
  });
});
