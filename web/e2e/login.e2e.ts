import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, inject, it } from 'vitest';
import { createUser } from './support/api';
import { launchBrowser, newContext } from './support/browser';
import { ADMIN } from './support/server';
import { fillLogin, loginViaUi } from './support/ui';

const baseURL = inject('baseURL');
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});
beforeEach(async () => {
  context = await newContext(browser, baseURL);
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

describe('login', () => {
  it('shows the wrong-credentials message for a wrong password', async () => {
    await page.goto('/login');
    await fillLogin(page, ADMIN.username, 'not-the-password-1!');
    await page
      .getByRole('alert')
      .filter({ hasText: 'ユーザー名（メールアドレス）またはパスワードが正しくありません' })
      .waitFor();
    expect(page.url()).toContain('/login');
  });

  it('shows the validation messages word for word', async () => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await page.getByText('ユーザー名またはメールアドレスを入力してください').waitFor();
    await page.getByText('パスワードを入力してください').waitFor();
    await page.getByLabel('ユーザー名またはメールアドレス').fill('ab');
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await page.getByText('有効なユーザー名（3-20文字）またはメールアドレスを入力してください').waitFor();
  });

  it('locks the account after 5 failures and says so', async () => {
    await createUser(baseURL, {
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
      await page.getByRole('alert').filter({ hasText: message }).waitFor();
    };
    for (let n = 1; n <= 5; n++) {
      await attempt(`wrong-password-${n}!`, 'ユーザー名（メールアドレス）またはパスワードが正しくありません');
    }
    // Even the right password is answered with the lock message now.
    await attempt('Lock-Me-Pass-2026!', 'ログイン試行回数が上限を超えました。15分後に再試行してください。');
    expect(page.url()).toContain('/login');
  });

  it('logs in with the e-mail in any case, says ログインしました and lands on the dashboard', async () => {
    await page.goto('/login');
    await fillLogin(page, `  ${ADMIN.email.toUpperCase()} `, ADMIN.password);
    await page.getByText('ログインしました').waitFor();
    await page.getByRole('heading', { level: 1, name: 'ダッシュボード' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/\/dashboard$/);
    await page.waitForFunction(() => document.title.startsWith('ダッシュボード'));
  });

  it('sends a logged-out visitor of /customers to login and back to /customers after login', async () => {
    await page.goto('/customers');
    await page.getByRole('heading', { name: 'ログイン' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await fillLogin(page, ADMIN.username, ADMIN.password);
    await page.getByRole('heading', { level: 1, name: '顧客管理' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/customers');
  });

  it('stays on this origin after login with ?redirect=/%09/evil.example/phish, and again with a live session', async () => {
    const ownOrigin = new URL(baseURL).origin;
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== ownOrigin) elsewhere.push(request.url());
    });
    const hostile = '/login?redirect=/%09/evil.example/phish';
    await page.goto(hostile);
    await fillLogin(page, ADMIN.username, ADMIN.password);
    await page.getByRole('heading', { level: 1, name: 'ダッシュボード' }).waitFor();
    expect(new URL(page.url()).origin).toBe(ownOrigin);
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    // Logged in, the login page forwards at once: still to this origin.
    await page.goto(hostile);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { level: 1, name: 'ダッシュボード' }).waitFor();
    expect(new URL(page.url()).origin).toBe(ownOrigin);
    expect(elsewhere).toEqual([]);
  });

  it('sends an unknown path to /login', async () => {
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'ログイン' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('logs out to /pwa/login and forgets the session', async () => {
    await loginViaUi(page, ADMIN.username, ADMIN.password);
    await page.getByRole('button', { name: 'ユーザーメニュー' }).click();
    await page.getByText(ADMIN.email).waitFor();
    await page.getByRole('menuitem', { name: 'ログアウト' }).click();
    await page.getByRole('heading', { name: 'ログイン' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/pwa/login');
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'ログイン' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
