import { createUser } from './support/api';
import { expect, test } from './support/fixtures';
import { ADMIN } from './support/server';
import { fillLogin, loginViaUi } from './support/ui';

/** The page's path, as the address bar shows it. */
const path = (pathname: string) => (url: URL) => url.pathname === pathname;

test.describe('login', () => {
  test('shows the wrong-credentials message for a wrong password', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, ADMIN.username, 'not-the-password-1!');
    await expect(
      page.getByRole('alert').filter({ hasText: 'ユーザー名（メールアドレス）またはパスワードが正しくありません' }),
    ).toBeVisible();
    await expect(page).toHaveURL(path('/login'));
  });

  test('shows the validation messages word for word', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await expect(page.getByText('ユーザー名またはメールアドレスを入力してください')).toBeVisible();
    await expect(page.getByText('パスワードを入力してください')).toBeVisible();
    await page.getByLabel('ユーザー名またはメールアドレス').fill('ab');
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await expect(page.getByText('有効なユーザー名（3-20文字）またはメールアドレスを入力してください')).toBeVisible();
  });

  test('locks the account after 5 failures and says so', async ({ page, serverURL }) => {
    await createUser(serverURL, {
      username: 'lockme',
      email: 'lockme@clinic.example',
      password: 'Lock-Me-Pass-2026!',
      role: 'staff',
    });
    await page.goto('/login');
    const attempt = async (password: string, message: string) => {
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
      await fillLogin(page, 'lockme', password);
      const body = (await (await answered).json()) as { message: string };
      expect(body.message).toBe(message);
      await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    };
    for (let n = 1; n <= 5; n++) {
      await attempt(`wrong-password-${n}!`, 'ユーザー名（メールアドレス）またはパスワードが正しくありません');
    }
    // Even the right password is answered with the lock message now.
    await attempt('Lock-Me-Pass-2026!', 'ログイン試行回数が上限を超えました。15分後に再試行してください。');
    await expect(page).toHaveURL(path('/login'));
  });

  test('logs in with the e-mail in any case, says ログインしました and lands on the dashboard', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, `  ${ADMIN.email.toUpperCase()} `, ADMIN.password);
    await expect(page.getByText('ログインしました')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'ダッシュボード' })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page).toHaveTitle(/^ダッシュボード/);
  });

  test('sends a logged-out visitor of /customers to login and back to /customers after login', async ({ page }) => {
    await page.goto('/customers');
    await expect(page.getByRole('heading', { name: 'ログイン' })).toBeVisible();
    await expect(page).toHaveURL(path('/login'));
    await fillLogin(page, ADMIN.username, ADMIN.password);
    await expect(page.getByRole('heading', { level: 1, name: '顧客管理' })).toBeVisible();
    await expect(page).toHaveURL(path('/customers'));
  });

  test('stays on this origin after login with ?redirect=/%09/evil.example/phish, and again with a live session', async ({
    page,
    serverURL,
  }) => {
    const ownOrigin = new URL(serverURL).origin;
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== ownOrigin) elsewhere.push(request.url());
    });
    const hostile = '/login?redirect=/%09/evil.example/phish';
    await page.goto(hostile);
    await fillLogin(page, ADMIN.username, ADMIN.password);
    await expect(page.getByRole('heading', { level: 1, name: 'ダッシュボード' })).toBeVisible();
    await expect(page).toHaveURL(`${ownOrigin}/dashboard`);

    // Logged in, the login page forwards at once: still to this origin.
    await page.goto(hostile);
    await expect(page).toHaveURL(`${ownOrigin}/dashboard`);
    await expect(page.getByRole('heading', { level: 1, name: 'ダッシュボード' })).toBeVisible();
    expect(elsewhere).toEqual([]);
  });

  test('sends an unknown path to /login', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'ログイン' })).toBeVisible();
    await expect(page).toHaveURL(path('/login'));
  });

  test('logs out to /pwa/login and forgets the session', async ({ page }) => {
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await page.getByRole('button', { name: 'ユーザーメニュー' }).click();
    await expect(page.getByText(ADMIN.email)).toBeVisible();
    await page.getByRole('menuitem', { name: 'ログアウト' }).click();
    await expect(page.getByRole('heading', { name: 'ログイン' })).toBeVisible();
    await expect(page).toHaveURL(path('/pwa/login'));
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'ログイン' })).toBeVisible();
    await expect(page).toHaveURL(path('/login'));
  });
});
