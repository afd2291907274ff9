import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../auth/session-store';
import { localDb } from '../../data/local-db';
import { mutateAsCurrentUser } from '../../data';
import { stopSyncAndWait, syncEngine, wipeLocalData } from '../../sync';
import { TEST_EPOCH, pullOf, serverCustomer } from '../../test-utils/sync-fixtures';
import { jsonResponse, loginResponse, ok, sentBody } from '../../test-utils/fixtures';
import { renderRoutes } from '../../test-utils/render';
import { withSealedPushes } from '../../test-utils/sealed-server';
import { appRoutes } from '../routes';

const ID1 = '0193a3f0-0000-4000-8000-000000000001';
/** The layout and its dialogs load their code on demand: on a busy machine that takes more than a second. */
const SLOW = { timeout: 5_000 };

/** A fake server: down until `up` is set, then it accepts pushes and acknowledges them on pull. */
function fakeServer() {
  const state = { up: false, pushedUpTo: 0 };
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    if (url === '/api/auth/logout') return Promise.resolve(jsonResponse(200, ok(null)));
    if (!state.up) return Promise.reject(new TypeError('Failed to fetch'));
    if (url === '/api/sync/register')
      return Promise.resolve(jsonResponse(200, ok({ credential: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })));
    const body = JSON.parse(sentBody(init)) as { mutations?: Array<{ id: number }> };
    if (url === '/api/sync/push') {
      state.pushedUpTo = Math.max(state.pushedUpTo, ...(body.mutations ?? []).map((m) => m.id));
      return Promise.resolve(jsonResponse(200, ok({ lastMutationId: state.pushedUpTo, epoch: TEST_EPOCH })));
    }
    const pull = pullOf({ cookie: 2, lastMutationId: state.pushedUpTo });
    return Promise.resolve(jsonResponse(200, ok(pull)));
  });
  vi.stubGlobal('fetch', vi.fn(withSealedPushes(fetch)));
  return state;
}

async function logOut() {
  fireEvent.click(await screen.findByRole('button', { name: 'ユーザーメニュー' }, SLOW));
  fireEvent.click(await screen.findByText('ログアウト', undefined, SLOW));
}

describe('logout with unsynced changes', () => {
  beforeAll(async () => {
    await Promise.all([
      import('./app-layout'),
      import('../page-frame'),
      import('../../features/dashboard/dashboard-page'),
    ]);
  }, 30_000);
  beforeEach(async () => {
    localStorage.clear();
    await stopSyncAndWait(); // a round the previous test's layout started must not meet the wipe
    await wipeLocalData();
    sessionStore.start(loginResponse());
  });
  afterEach(async () => {
    await stopSyncAndWait(); // no retry of a failed sync may reach the real network later
    sessionStore.end('logout');
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('with nothing pending goes to the PWA login and keeps the device’s data (sealed, issue 25)', async () => {
    fakeServer();
    await localDb.customers.put({ ...serverCustomer({ id: ID1 }), pending: 0 });
    const { router } = renderRoutes(appRoutes, '/dashboard');
    await logOut();
    await waitFor(() => expect(router.state.location.pathname).toBe('/pwa/login'), SLOW);
    expect(await localDb.customers.count()).toBe(1);
    expect(sessionStore.get()).toBeNull();
  });

  it('warns with the count and keeps everything when the person stays', async () => {
    fakeServer();
    await mutateAsCurrentUser('customer.create', { id: ID1, name: '山田 花子', phone: '090-1234-5678' });
    const { router } = renderRoutes(appRoutes, '/dashboard');
    await logOut();
    const dialog = await screen.findByRole('dialog', { name: '未同期の変更があります' }, SLOW);
    expect(within(dialog).getByText(/^まだサーバーに送信されていない変更が1件あります。/)).toBeTruthy();
    expect(
      within(dialog).getByText(
        '端末に残してログアウトしても、変更はこの端末に安全に保存されたままです。次に誰かがこの端末でオンラインでログインすると、staff1さんの変更として自動で送信されます。',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'ログアウトしない' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '未同期の変更があります' })).toBeNull());
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(sessionStore.get()).not.toBeNull();
    expect(await localDb.outbox.count()).toBe(1);
    expect(await localDb.customers.count()).toBe(1);
  });

  it('stays and says so when syncing first fails; nothing is wiped', async () => {
    fakeServer();
    await mutateAsCurrentUser('customer.create', { id: ID1, name: '山田 花子', phone: '090-1234-5678' });
    const { router } = renderRoutes(appRoutes, '/dashboard');
    await logOut();
    const dialog = await screen.findByRole('dialog', { name: '未同期の変更があります' }, SLOW);
    fireEvent.click(within(dialog).getByRole('button', { name: '同期してからログアウト' }));
    expect(
      await within(dialog).findByText(
        '同期できませんでした。変更を端末に残してログアウトするか、接続が戻ってからもう一度お試しください。',
      ),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(sessionStore.get()).not.toBeNull();
    expect(await localDb.customers.count()).toBe(1);
    expect(await localDb.outbox.count()).toBe(1);
  });

  it('syncs first, then logs out once the server has everything', async () => {
    const server = fakeServer();
    await mutateAsCurrentUser('customer.create', { id: ID1, name: '山田 花子', phone: '090-1234-5678' });
    await mutateAsCurrentUser('customer.update', { id: ID1, patch: { age: 30 }, base: { age: null } });
    const { router } = renderRoutes(appRoutes, '/dashboard');
    await logOut();
    const dialog = await screen.findByRole('dialog', { name: '未同期の変更があります' }, SLOW);
    expect(within(dialog).getByText(/送信されていない変更が2件あります。/)).toBeTruthy();
    server.up = true;
    fireEvent.click(within(dialog).getByRole('button', { name: '同期してからログアウト' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pwa/login'), SLOW);
    expect(server.pushedUpTo).toBe(2);
    expect(await localDb.outbox.count()).toBe(0);
  });

  it('offline, leaves the changes on the device: the session ends without a wipe, and the same user’s next login sends them', async () => {
    const server = fakeServer();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await mutateAsCurrentUser('customer.create', { id: ID1, name: '山田 花子', phone: '090-1234-5678' });
    const first = renderRoutes(appRoutes, '/dashboard');
    await logOut();
    const dialog = await screen.findByRole('dialog', { name: '未同期の変更があります' }, SLOW);
    act(() => syncEngine.status.set({ online: false })); // what the browser's offline event does
    expect(
      within(dialog).getByText(
        'まだサーバーに送信されていない変更が1件あります。オフラインのため、いまは送信できません。',
      ),
    ).toBeTruthy();
    const keep = within(dialog).getByRole('button', { name: '変更を端末に残してログアウト' });
    expect(keep.className).toContain('ant-btn-primary'); // offline, this is the way out
    fireEvent.click(keep);
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/pwa/login'));
    expect(sessionStore.get()).toBeNull();
    expect(await localDb.outbox.count()).toBe(1);
    expect(await localDb.customers.count()).toBe(1);
    first.unmount();

    vi.restoreAllMocks();
    server.up = true;
    sessionStore.start(loginResponse());
    renderRoutes(appRoutes, '/dashboard');
    await waitFor(async () => expect(await localDb.outbox.count()).toBe(0));
    expect(server.pushedUpTo).toBe(1);
  });
});
