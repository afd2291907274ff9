import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../auth/session-store';
import { stopSyncAndWait } from '../sync';
import { adminUser, jsonResponse, loginResponse, ok } from '../test-utils/fixtures';
import { withoutRetryWaits } from '../test-utils/online-views';
import { renderRoutes } from '../test-utils/render';
import { pageLoader } from './login-handoff';
import { appRoutes } from './routes';

const go = (path: string) => renderRoutes(appRoutes, path);
const heading1 = () => screen.findByRole('heading', { level: 1 });

describe('routes and guards', () => {
  // The first lazy import compiles the screen, which can outlast findBy's 1 s under a loaded machine.
  beforeAll(async () => {
    await Promise.all([
      import('../features/dashboard/dashboard-page'),
      import('../features/customers/customers-page'),
      import('../features/customer-chart/customer-chart-page'),
      import('../features/visits/visits-page'),
      import('../features/surveys/surveys-page'),
      import('../features/diagnosis/diagnosis-page'),
      import('../features/diagnosis/diagnosis-v2-page'),
      import('../features/android-logs/android-logs-page'),
      import('../features/operation-logs/operation-logs-page'),
      import('./layout/app-layout'),
      import('./page-frame'),
    ]);
  }, 30_000);
  let load: ReturnType<typeof vi.fn<(url: string) => void>>;
  let restoreRetryWaits: () => void;
  beforeEach(() => {
    // The admin screens' online views try 4 times (1 s, 2 s, 4 s apart) before they say they failed.
    restoreRetryWaits = withoutRetryWaits();
    load = vi.fn<(url: string) => void>();
    vi.spyOn(pageLoader, 'load').mockImplementation(load);
    localStorage.clear();
    sessionStore.end('expired');
    // The logged-in layout starts syncing; without a server every call fails like an offline network.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
  });
  afterEach(async () => {
    await stopSyncAndWait(); // no retry of a failed sync may reach the real network later
    restoreRetryWaits();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends a visitor without a session to /login, remembering the page', async () => {
    const { router } = go('/pwa/customers?q=1');
    await waitFor(() => expect(load).toHaveBeenCalledWith('/login?redirect=%2Fpwa%2Fcustomers%3Fq%3D1'));
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each(['/nowhere', '/pwa/nowhere'])('redirects the unknown path %s to /login', async (path) => {
    const { router } = go(path);
    await waitFor(() => expect(load).toHaveBeenCalledWith('/login'));
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each(['/', '/pwa', '/pwa/'])('redirects %s to /pwa/dashboard', async (path) => {
    sessionStore.start(loginResponse());
    const { router } = go(path);
    expect(await screen.findByText('お疲れさまです、staff1さん')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pwa/dashboard');
  });

  it('shows staff the menu without the administrator screens', async () => {
    sessionStore.start(loginResponse());
    go('/android-logs');
    const nav = within(await screen.findByRole('navigation', { name: 'メインメニュー' }));
    expect(nav.getByRole('link', { name: /表情分析/ }).getAttribute('href')).toBe('/face-analysis');
    expect(nav.queryByRole('link', { name: /ユーザー管理/ })).toBeNull();
    expect(nav.queryByRole('link', { name: /端末エラーログ/ })).toBeNull();
    expect(nav.queryByRole('link', { name: /操作ログ/ })).toBeNull();
    expect(screen.getByText('スタッフ')).toBeTruthy();
  });

  it('shows the dashboard under its title, with its sections under h2 headings', async () => {
    sessionStore.start(loginResponse());
    go('/dashboard');
    await waitFor(async () => expect((await heading1()).textContent).toBe('ダッシュボード'));
    expect(await screen.findByRole('heading', { level: 2, name: '業務メニュー' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '最近の活動' })).toBeTruthy();
    expect(screen.queryByText('この画面は準備中です')).toBeNull();
  });

  it.each(['/customers', '/pwa/customers'])('shows the customer screen and the sync status at %s', async (path) => {
    sessionStore.start(loginResponse());
    go(path);
    expect((await heading1()).textContent).toBe('顧客管理');
    expect(await screen.findByPlaceholderText('顧客名・フリガナ・電話番号・カルテ番号で検索')).toBeTruthy();
    expect(screen.getByRole('button', { name: /新規顧客/ })).toBeTruthy();
    expect(screen.getByRole('status', { name: /同期済み|オフライン/ })).toBeTruthy();
    expect(screen.queryByText('この画面は準備中です')).toBeNull();
  });

  it.each([
    ['/visits', '来院履歴', '新規来院記録'],
    ['/pwa/surveys', 'アンケート管理', '保存'],
    ['/diagnosis', '診断記録', '新規診断記録'],
    ['/pwa/diagnosis-v2', '診断記録', '新規診断記録'],
  ])('shows the screen at %s', async (path, title, button) => {
    sessionStore.start(loginResponse());
    go(path);
    expect((await heading1()).textContent).toBe(title);
    expect(await screen.findByRole('button', { name: button }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByText('この画面は準備中です')).toBeNull();
  });

  it.each(['/customers/0193a3f0-0000-4000-8000-000000000001', '/pwa/customers/0193a3f0-0000-4000-8000-000000000001'])(
    "opens a customer's chart at %s under the customer screen's title and menu entry",
    async (path) => {
      sessionStore.start(loginResponse());
      go(path);
      expect((await heading1()).textContent).toBe('顧客管理');
      // Not on this device: the chart says so and offers the way back.
      expect(await screen.findByText('顧客が見つかりません', {}, { timeout: 5_000 })).toBeTruthy();
      expect(document.title).toBe('顧客管理 | クリニック管理システム');
    },
  );

  it('lists 診断記録 once in the menu, current on /diagnosis-v2 too (the same screen, no "v2")', async () => {
    sessionStore.start(loginResponse());
    go('/diagnosis-v2');
    expect((await heading1()).textContent).toBe('診断記録');
    const nav = within(screen.getByRole('navigation', { name: 'メインメニュー' }));
    const entries = nav.getAllByRole('link', { name: /診断記録/ });
    expect(entries.map((link) => [link.getAttribute('href'), link.getAttribute('aria-current')])).toEqual([
      ['/diagnosis', 'page'],
    ]);
    expect(screen.queryByText(/v2/)).toBeNull();
  });

  it('keeps the /pwa prefix in menu links', async () => {
    sessionStore.start(loginResponse());
    go('/pwa/settings');
    expect((await heading1()).textContent).toBe('設定');
    expect(screen.getByRole('link', { name: /顧客管理/ }).getAttribute('href')).toBe('/pwa/customers');
  });

  it('matches paths in any case, keeping the /pwa prefix, the menu entry, the title and the role guard', async () => {
    sessionStore.start(loginResponse());
    const { router } = go('/PWA/Customers/');
    expect((await heading1()).textContent).toBe('顧客管理');
    const nav = within(screen.getByRole('navigation', { name: 'メインメニュー' }));
    expect(nav.getByRole('link', { name: /顧客管理/ }).getAttribute('aria-current')).toBe('page');
    expect(nav.getByRole('link', { name: /来院履歴/ }).getAttribute('href')).toBe('/pwa/visits');
    await router.navigate('/Pwa/Android-Logs');
    expect(await screen.findByRole('heading', { name: '管理者権限が必要です。' })).toBeTruthy();
    expect(document.title).toBe('端末エラーログ | クリニック管理システム');
  });

  it('sends a visitor without a session from a path in any case to /login, remembering it as written', async () => {
    const { router } = go('/PWA/Visits');
    await waitFor(() => expect(load).toHaveBeenCalledWith('/login?redirect=%2FPWA%2FVisits'));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows staff the no-permission page on an admin route', async () => {
    sessionStore.start(loginResponse());
    go('/pwa/android-logs');
    expect(await screen.findByRole('heading', { name: '管理者権限が必要です。' })).toBeTruthy();
    expect(screen.getByText('必要な権限: 管理者')).toBeTruthy();
    expect(screen.getByText('現在の権限: スタッフ')).toBeTruthy();
  });

  it('lets an admin open admin pages and lists them in the menu', async () => {
    sessionStore.start(loginResponse({ user: adminUser }));
    go('/pwa-operations-log');
    expect((await heading1()).textContent).toBe('操作ログ分析');
    expect(await screen.findByRole('tab', { name: '操作ログ' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'エラー分析' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /アクセスログ/ })).toBeTruthy();
    expect(screen.getByText('管理者')).toBeTruthy();
  });

  it('shows an admin screen inside the layout with title, menu and footer, and says offline views need the network', async () => {
    sessionStore.start(loginResponse({ user: adminUser }));
    go('/android-logs');
    expect((await heading1()).textContent).toBe('端末エラーログ');
    expect(await screen.findByRole('button', { name: /エラーレポートを送信/ })).toBeTruthy();
    expect(document.title).toBe('端末エラーログ | クリニック管理システム');
    // Matched whole: Testing Library would fold the full-width space into a plain one.
    expect(
      screen.getByText(
        (_, el) => el?.textContent === 'クリニック管理システム　バージョン1.0（試作版）' && el.tagName === 'SPAN',
      ),
    ).toBeTruthy();
    const nav = within(screen.getByRole('navigation', { name: 'メインメニュー' }));
    expect(nav.getByRole('link', { name: /表情分析/ }).getAttribute('href')).toBe('/face-analysis');
    expect(nav.getByRole('link', { name: /端末エラーログ/ }).getAttribute('href')).toBe('/android-logs');
    expect(nav.getByText('痛みの部位と強さの記録')).toBeTruthy();
    // The server cannot be reached here (fetch fails as offline would): the screen says so, as a failed load or,
    // once the failing sync has marked the device offline (the online views follow it), as offline.
    expect(
      await screen.findByText(/^ログの取得に失敗しました|^オフラインのため、端末エラーログを表示できません/),
    ).toBeTruthy();
  });

  it('after a 401 says ログインが必要です, then goes to /login after 2 s', async () => {
    sessionStore.start(loginResponse());
    const { router } = go('/visits');
    await heading1();
    act(() => sessionStore.end('unauthorized'));
    expect(screen.getByText('ログインが必要です')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/visits');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 3_000 });
    await waitFor(() => expect(load).toHaveBeenCalledWith('/login?redirect=%2Fvisits'));
  });

  it('logs out from the user menu to the PWA login', async () => {
    const fetch = vi.fn(() => Promise.resolve(jsonResponse(200, ok(null))));
    vi.stubGlobal('fetch', fetch);
    sessionStore.start(loginResponse());
    const { router } = go('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'ユーザーメニュー' }));
    expect(await screen.findByText('staff1@example.jp')).toBeTruthy();
    fireEvent.click(await screen.findByText('ログアウト'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pwa/login'));
    await waitFor(() => expect(load).toHaveBeenCalledWith('/pwa/login'));
    expect(fetch).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
    expect(localStorage.getItem('clinic.session')).toBeNull();
  });

  it('on a narrow screen opens the menu in a drawer', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: false,
          media: query,
          addEventListener() {},
          removeEventListener() {},
        }) as unknown as MediaQueryList,
    );
    sessionStore.start(loginResponse());
    go('/camera');
    expect((await heading1()).textContent).toBe('動画撮影');
    expect(screen.queryByRole('navigation', { name: 'メインメニュー' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'メニューを開く' }));
    const nav = await screen.findByRole('navigation', { name: 'メインメニュー' });
    expect(within(nav).getByRole('link', { name: /表情分析/ })).toBeTruthy();

    // A tap on the page already shown closes the menu too (the address does not change).
    const here = within(nav).getByRole('link', { name: /動画撮影/ });
    expect(here.getAttribute('aria-current')).toBe('page');
    fireEvent.click(here);
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'メインメニュー' })).toBeNull());
    expect((await heading1()).textContent).toBe('動画撮影');
  });
});
