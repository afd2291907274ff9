import { ensureUser } from './support/api';
import { expect, test } from './support/fixtures';
import { loginViaUi } from './support/ui';

const STAFF = {
  username: 'staff1',
  email: 'staff1@clinic.example',
  password: 'Staff-Pass-2026!',
  role: 'staff' as const,
};
const ADMIN_ENTRIES = ['ユーザー管理', '端末エラーログ', '操作ログ', 'アクセスログ'];

test.beforeAll(async ({ serverURL }) => {
  await ensureUser(serverURL, STAFF);
});

test.describe('the shell', () => {
  test('shows an administrator every page, the admin entries, the role chip and the version footer', async ({
    adminPage: page,
  }) => {
    const nav = page.getByRole('navigation', { name: 'メインメニュー' });
    for (const entry of ['ダッシュボード', '予約表', '顧客管理', '来院履歴', '設定', ...ADMIN_ENTRIES]) {
      await expect(nav.getByText(entry, { exact: true })).toBeVisible();
    }
    await expect(page.getByText('管理者', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('クリニック管理システム　バージョン1.0（試作版）')).toBeVisible();

    await nav.getByText('ユーザー管理', { exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'ユーザー管理' })).toBeVisible();
  });

  test('hides admin entries from staff and shows the no-permission page on /user-management', async ({ page }) => {
    await loginViaUi(page, STAFF.username, STAFF.password);
    const nav = page.getByRole('navigation', { name: 'メインメニュー' });
    await expect(nav.getByText('顧客管理', { exact: true })).toBeVisible();
    for (const entry of ADMIN_ENTRIES) {
      await expect(nav.getByText(entry, { exact: true })).toHaveCount(0);
    }
    await expect(page.getByText('スタッフ', { exact: true }).first()).toBeVisible();

    for (const path of ['/user-management', '/android-logs', '/pwa-operations-log', '/audit-log']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: '管理者権限が必要です。' })).toBeVisible();
      await expect(page.getByText('このページにアクセスする権限がありません。')).toBeVisible();
      await expect(page.getByText('必要な権限: 管理者')).toBeVisible();
      await expect(page.getByText('現在の権限: スタッフ')).toBeVisible();
    }
  });

  test('puts the menu in a slide-out drawer on a narrow screen', { tag: '@phone' }, async ({ adminPage: page }) => {
    const nav = page.getByRole('navigation', { name: 'メインメニュー' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'メニューを開く' }).click();
    await nav.getByText('動画撮影', { exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: '動画撮影' })).toBeVisible();
    await expect(page.getByRole('button', { name: '録画開始' })).toBeVisible();
    // Choosing a page closes the drawer again.
    await expect(nav).toBeHidden();
  });

  test('answers the /pwa/ forms of the routes', async ({ adminPage: page }) => {
    await page.goto('/pwa');
    await expect(page.getByRole('heading', { level: 1, name: 'ダッシュボード' })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/pwa/dashboard');
    await page.goto('/pwa/settings');
    await expect(page.getByRole('heading', { level: 1, name: '設定' })).toBeVisible();
  });
});
