import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../auth/session-store';
import { fail, jsonResponse, loginResponse, ok } from '../../test-utils/fixtures';
import { renderRoutes } from '../../test-utils/render';
import LoginPage from './login-page';

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/pwa/login', element: <LoginPage /> },
  { path: '/dashboard', element: <p>dashboard page</p> },
  { path: '/customers', element: <p>customers page</p> },
];

const idField = () => screen.getByLabelText('ユーザー名またはメールアドレス');
const passwordField = () => screen.getByLabelText('パスワード');
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));

function fillAndSubmit(id: string, password: string) {
  fireEvent.change(idField(), { target: { value: id } });
  fireEvent.change(passwordField(), { target: { value: password } });
  submit();
}

describe('login page', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.end('logout');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the form with its labels and a password toggle', () => {
    renderRoutes(routes, '/login');
    expect(screen.getByRole('heading', { level: 1, name: 'ログイン' })).toBeTruthy();
    expect(idField().getAttribute('autocomplete')).toBe('username');
    expect(passwordField().getAttribute('type')).toBe('password');
    expect(passwordField().getAttribute('autocomplete')).toBe('current-password');
  });

  it('shows the required messages and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderRoutes(routes, '/login');
    submit();
    expect(await screen.findByText('ユーザー名またはメールアドレスを入力してください')).toBeTruthy();
    expect(screen.getByText('パスワードを入力してください')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the format message for an invalid identifier', async () => {
    renderRoutes(routes, '/login');
    fillAndSubmit('ab', 'secret');
    expect(await screen.findByText('有効なユーザー名（3-20文字）またはメールアドレスを入力してください')).toBeTruthy();
  });

  it('reads ログイン中... while busy, sends the normalised id and returns to the remembered page', async () => {
    let answer: (r: Response) => void = () => undefined;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    const { router } = renderRoutes(routes, { pathname: '/login', state: { from: '/customers' } });
    fillAndSubmit('  Staff1@Example.JP ', 'pw');

    const busy = await screen.findByRole('button', { name: /ログイン中\.\.\./ });
    expect(busy.hasAttribute('disabled')).toBe(true);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/login');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'staff1@example.jp', password: 'pw' });

    await act(async () => answer(jsonResponse(200, ok(loginResponse()))));
    expect(await screen.findByText('customers page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/customers');
    expect(await screen.findByText('ログインしました')).toBeTruthy();
    expect(sessionStore.get()?.user.username).toBe('staff1');
  });

  it.each([
    [429, 'TOO_MANY_LOGIN_ATTEMPTS', 'ログイン試行回数が上限を超えました。15分後に再試行してください。'],
    [401, 'INVALID_CREDENTIALS', 'メールアドレスまたはパスワードが正しくありません'],
    [502, null, 'サーバーが一時的に利用できません。しばらく経ってから再試行してください。'],
  ])('shows an alert for status %i %s', async (status, code, message) => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(status, fail(code, 'server text'))));
    renderRoutes(routes, '/login');
    fillAndSubmit('staff1', 'wrong');
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain(message));
    expect(sessionStore.get()).toBeNull();
  });

  it('explains an unreachable server and an offline device differently', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    renderRoutes(routes, '/login');
    fillAndSubmit('staff1', 'pw');
    expect((await screen.findByRole('alert')).textContent).toContain('サーバーに接続できません。サーバーが起動しているか確認してください。');

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    submit();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('ネットワークエラーが発生しました。インターネット接続を確認してください。'),
    );
  });

  it('fails with the storage message when the session cannot be saved', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, ok(loginResponse()))));
    const setItem = vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      renderRoutes(routes, '/login');
      fillAndSubmit('staff1', 'pw');
      expect((await screen.findByRole('alert')).textContent).toContain('認証データの保存に失敗しました');
      expect(sessionStore.get()).toBeNull();
    } finally {
      setItem.mockRestore();
    }
  });

  it('sends a logged-in user straight on to the dashboard', async () => {
    sessionStore.start(loginResponse());
    renderRoutes(routes, '/login');
    expect(await screen.findByText('dashboard page')).toBeTruthy();
  });
});
