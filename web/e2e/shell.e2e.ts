import { describe, expect, inject, it } from 'vitest';
import { createUser } from './support/api';
import { NARROW, useBrowser } from './support/browser';
import { ADMIN } from './support/server';
import { loginViaUi } from './support/ui';

const baseURL = inject('baseURL');
const STAFF = {
  username: 'staff1',
  email: 'staff1@clinic.example',
  password: 'Staff-Pass-2026!',
  role: 'staff' as const,
};
const ADMIN_ENTRIES = ['ユーザー管理', '端末エラーログ', '操作ログ', 'アクセスログ'];
const browser = useBrowser(baseURL, async () => {
  await createUser(baseURL, STAFF);
});

async function open(viewport?: { width: number; height: number }) {
  const context = await browser.newDevice(viewport);
  return context.newPage();
}

describe('the shell', () => {
  it('shows an administrator every page, the admin entries, the role chip and the version footer', async () => {
    const page = await open();
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    const nav = page.getByRole('navigation', { name: 'メインメニュー' });
    for (const entry of ['ダッシュボード', '顧客管理', '来院履歴', '設定', ...ADMIN_ENTRIES]) {
      await expect(nav.getByText(entry, { exact: true }).isVisible()).resolves.toBe(true);
    }
    await expect(page.getByText('管理者', { exact: true }).first().isVisible()).resolves.toBe(true);
    await expect(page.getByText('クリニック管理システム　バージョン1.0（試作版）').isVisible()).resolves.toBe(true);

    await nav.getByText('ユーザー管理', { exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'ユーザー管理' }).waitFor();
  });

  it('hides admin entries from staff and shows the no-permission page on /user-management', async () => {
    const page = await open();
    await loginViaUi(page, STAFF.username, STAFF.password);
    const nav = page.getByRole('navigation', { name: 'メインメニュー' });
    await nav.getByText('顧客管理', { exact: true }).waitFor();
    for (const entry of ADMIN_ENTRIES) {
      await expect(nav.getByText(entry, { exact: true }).count()).resolves.toBe(0);
    }
    await expect(page.getByText('スタッフ', { exact: true }).first().isVisible()).resolves.toBe(true);

    for (const path of ['/user-management', '/android-logs', '/pwa-operations-log', '/audit-log']) {
      await page.goto(path);
      await page.getByRole('heading', { name: '管理者権限が必要です。' }).waitFor();
      await page.getByText('このページにアクセスする権限がありません。').waitFor();
      await expect(page.getByText('必要な権限: 管理者').isVisible()).resolves.toBe(true);
      await expect(page.getByText('現在の権限: スタッフ').isVisible()).resolves.toBe(true);
    }
  });

  it('puts the menu in a slide-out drawer on a narrow screen', async () => {
    const page = await open(NARROW);
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    const nav = page.getByRole('navigation', { name: 'メインメニュー' });
    await expect(nav.isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'メニューを開く' }).click();
    await nav.getByText('動画撮影', { exact: true }).click();
    await page.getByRole('heading', { level: 1, name: '動画撮影' }).waitFor();
    await page.getByRole('button', { name: '録画開始' }).waitFor();
    // Choosing a page closes the drawer again.
    await nav.waitFor({ state: 'hidden' });
  });

  it('answers the /pwa/ forms of the routes', async () => {
    const page = await open();
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await page.goto('/pwa');
    await page.getByRole('heading', { level: 1, name: 'ダッシュボード' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/pwa/dashboard');
    await page.goto('/pwa/settings');
    await page.getByRole('heading', { level: 1, name: '設定' }).waitFor();
  });
});
