import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY } from '../../auth/session';
import { VAULT_DB_NAME } from '../../vault/keystore-db';
import { fail, jsonResponse, loginResponse, ok, sentBody, staffUser } from '../../test-utils/fixtures';
import { SUCCESS_PAUSE_MS, startLogin } from './login-controller';
import { submitLogin } from './login-submit';
import { loginView } from './login-view';

vi.mock('./sign-in-runtime', () => import('./vault-test-support'));

// The real page: the test works on login.html's own markup.
const html = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../../login.html'), 'utf8');
const body = /<body>([\s\S]*)<\/body>/.exec(html)?.[1]?.replace(/<script[\s\S]*?<\/script>/g, '') ?? '';

function open(search = '', pathname = '/login', submit = submitLogin) {
  document.body.innerHTML = body;
  const location = { origin: window.location.origin, pathname, search, replace: vi.fn() };
  startLogin({ view: loginView(), submit, location });
  return location;
}

const byLabel = (label: string) => {
  const id = [...document.querySelectorAll('label')].find((l) => l.textContent === label)?.getAttribute('for');
  return document.getElementById(id ?? '') as HTMLInputElement;
};
const submitButton = () => document.getElementById('login-submit') as HTMLButtonElement;
const alertText = () =>
  document.getElementById('login-error')?.hidden ? '' : document.getElementById('login-error-text')?.textContent;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function fillAndSubmit(id: string, password: string) {
  byLabel('ユーザー名またはメールアドレス').value = id;
  byLabel('パスワード').value = password;
  submitButton().click();
  for (let i = 0; i < 5; i++) await settle();
}

describe('login screen', () => {
  beforeEach(async () => {
    localStorage.clear();
    // Nobody has signed in on this device yet: a failed server call is not tried on the device.
    await new Promise((resolve) => (indexedDB.deleteDatabase(VAULT_DB_NAME).onsuccess = resolve));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('has the labelled fields, autocomplete hints and a show/hide toggle', () => {
    open();
    expect(document.querySelector('h1')?.textContent).toBe('ログイン');
    expect(byLabel('ユーザー名またはメールアドレス').autocomplete).toBe('username');
    const password = byLabel('パスワード');
    expect(password.type).toBe('password');
    const toggle = document.getElementById('login-password-toggle') as HTMLButtonElement;
    expect(toggle.getAttribute('aria-label')).toBe('パスワードを表示');
    toggle.click();
    expect(password.type).toBe('text');
    expect(toggle.getAttribute('aria-label')).toBe('パスワードを隠す');
  });

  it('shows the required messages word for word and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    open();
    await fillAndSubmit('', '');
    expect(document.getElementById('login-id-error')?.textContent).toBe(
      'ユーザー名またはメールアドレスを入力してください',
    );
    expect(document.getElementById('login-password-error')?.textContent).toBe('パスワードを入力してください');
    await fillAndSubmit('ab', 'secret');
    expect(document.getElementById('login-id-error')?.textContent).toBe(
      '有効なユーザー名（3-20文字）またはメールアドレスを入力してください',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('reads ログイン中... while busy, sends the normalised id, stores the session and opens the remembered page', async () => {
    let answer: (r: Response) => void = () => undefined;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    const location = open('?redirect=%2Fcustomers');
    await fillAndSubmit('  Staff1@Example.JP ', 'pw');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());

    expect(submitButton().textContent?.trim()).toBe('ログイン中...');
    expect(submitButton().disabled).toBe(true);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/login');
    expect(JSON.parse(sentBody(init))).toEqual({ email: 'staff1@example.jp', password: 'pw' });

    answer(jsonResponse(200, ok(loginResponse())));
    // The sign-in opens the device's key (PBKDF2) after the answer: seconds on a busy machine.
    await vi.waitFor(() => expect(document.getElementById('login-success')?.hidden).toBe(false), { timeout: 10_000 });
    expect(document.getElementById('login-success')?.textContent).toContain('ログインしました');
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').user.username).toBe('staff1');
    // The tokens are there only sealed with the device's key (a thief's copy of the profile opens nothing).
    const everything = Object.keys(localStorage)
      .map((key) => localStorage.getItem(key) ?? '')
      .join('\n');
    expect(everything).not.toMatch(/access-1|refresh-1/);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').tokens).toEqual(expect.any(String));
    await vi.waitFor(() => expect(location.replace).toHaveBeenCalledWith('/customers'), {
      timeout: SUCCESS_PAUSE_MS + 1000,
    });
  });

  it.each([
    [429, 'TOO_MANY_LOGIN_ATTEMPTS', 'ログイン試行回数が上限を超えました。15分後に再試行してください。'],
    [401, 'INVALID_CREDENTIALS', 'ユーザー名（メールアドレス）またはパスワードが正しくありません'],
    [502, null, 'サーバーが一時的に利用できません。しばらく経ってから再試行してください。'],
  ])('shows the alert for status %i %s and stays', async (status, code, message) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse(status, fail(code, 'server text')))),
    );
    const location = open();
    await fillAndSubmit('staff1', 'wrong');
    await vi.waitFor(() => expect(alertText()).toBe(message));
    expect(submitButton().disabled).toBe(false);
    expect(submitButton().textContent?.trim()).toBe('ログイン');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(location.replace).not.toHaveBeenCalled();
  });

  it('shows the server text as given for other errors', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse(400, fail('VALIDATION_ERROR', 'パスワードが長すぎます')))),
    );
    open();
    await fillAndSubmit('staff1', 'pw');
    await vi.waitFor(() => expect(alertText()).toBe('パスワードが長すぎます'));
  });

  it('tells a person new to this tablet whose request reached no one that the first time needs the network, whatever the online flag says', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    open();
    // The browser still says online (another link is up, or the Wi-Fi has only just gone).
    await fillAndSubmit('staff1', 'pw');
    await vi.waitFor(() => expect(alertText()).toBe('初めてこの端末を使う場合はネットワーク接続が必要です'));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await fillAndSubmit('staff1', 'pw');
    await vi.waitFor(() => expect(alertText()).toBe('初めてこの端末を使う場合はネットワーク接続が必要です'));
  });

  it('fails with the storage message when the session cannot be saved', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse(200, ok(loginResponse())))),
    );
    const full = {
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      getItem: () => null,
      removeItem: () => undefined,
    } as unknown as Storage; // only the methods the login uses
    vi.stubGlobal('localStorage', full);
    const location = open('', '/login', (values) => submitLogin(values));
    await fillAndSubmit('staff1', 'pw');
    await vi.waitFor(() => expect(alertText()).toBe('認証データの保存に失敗しました'));
    expect(location.replace).not.toHaveBeenCalled();
  });

  it('sends someone still logged in to the dashboard, never to another site named in ?redirect=', () => {
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({
        userId: staffUser.id,
        user: staffUser,
        accessTokenExpiresAt: 0,
        expiresAt: Date.now() + 60_000,
        tokens: 'c2VhbGVk',
      }),
    );
    expect(open('?redirect=/%09/evil.example/phish').replace).toHaveBeenCalledWith('/dashboard');
  });

  it('sends someone still logged in straight on, to the dashboard of the same prefix', () => {
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({
        userId: staffUser.id,
        user: staffUser,
        accessTokenExpiresAt: 0,
        expiresAt: Date.now() + 60_000,
        tokens: 'c2VhbGVk',
      }),
    );
    expect(open('', '/pwa/login').replace).toHaveBeenCalledWith('/pwa/dashboard');
  });

  it("does not accept an expired session, or an older app's with tokens in clear, as logged in", () => {
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({
        accessToken: 'a',
        refreshToken: 'r',
        userId: staffUser.id,
        user: staffUser,
        accessTokenExpiresAt: 0,
        expiresAt: Date.now() + 60_000,
      }),
    );
    expect(open().replace).not.toHaveBeenCalled();
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ userId: staffUser.id, user: staffUser, accessTokenExpiresAt: 0, expiresAt: Date.now() - 1 }),
    );
    expect(open().replace).not.toHaveBeenCalled();
  });
});
