import { expect, test } from './support/fixtures';
import { waitForServiceWorker } from './support/ui';

test.describe('offline shell', () => {
  test('reloads the shell with the network off', async ({ adminPage: page, context }) => {
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'ダッシュボード' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'メインメニュー' })).toBeVisible();

    // A page never opened before also comes from the precached shell.
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: '設定' })).toBeVisible();
  });
});
