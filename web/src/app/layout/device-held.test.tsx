import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../auth/session-store';
import { localDb } from '../../data/local-db';
import { stopSyncAndWait, wipeLocalData } from '../../sync';
import { mutate } from '../../data/mutate';
import { serverCustomer } from '../../test-utils/sync-fixtures';
import { jsonResponse, loginResponse, ok, requestUrl, staffUser } from '../../test-utils/fixtures';
import { renderRoutes } from '../../test-utils/render';
import { appRoutes } from '../routes';

const ID1 = '0193a3f0-0000-4000-8000-000000000001';
const TITLE = 'この端末に別のユーザーの未同期の変更があります';

/** The device as another user (hanako) left it when her session ended without a logout. */
async function leftByHanako({ unsynced }: { unsynced: boolean }) {
  await localDb.meta.bulkPut([
    { key: 'ownerUserId', value: 'u-hanako' },
    { key: 'ownerUserName', value: 'hanako' },
  ]);
  if (unsynced)
    await mutate(
      localDb,
      'customer.create',
      { id: ID1, name: '山田 花子', phone: '090-1234-5678' },
      { userName: 'hanako' },
    );
  else await localDb.customers.put({ ...serverCustomer({ id: ID1 }), pending: 0 });
}

const syncCalls = () => vi.mocked(fetch).mock.calls.filter(([url]) => requestUrl(url).startsWith('/api/sync/'));

describe('a device left with another user’s data', () => {
  beforeAll(async () => {
    await Promise.all([
      import('./app-layout'),
      import('../page-frame'),
      import('../../features/dashboard/dashboard-page'),
    ]);
  }, 30_000);
  beforeEach(async () => {
    localStorage.clear();
    await stopSyncAndWait();
    await wipeLocalData();
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        if (url === '/api/auth/logout') return Promise.resolve(jsonResponse(200, ok(null)));
        return Promise.reject(new TypeError('Failed to fetch'));
      }),
    );
    sessionStore.start(loginResponse());
  });
  afterEach(async () => {
    await stopSyncAndWait();
    sessionStore.end('logout');
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is wiped and becomes the new user’s when everything on it was synced', async () => {
    await leftByHanako({ unsynced: false });
    renderRoutes(appRoutes, '/dashboard');
    await waitFor(async () => expect((await localDb.meta.get('ownerUserId'))?.value).toBe(staffUser.id));
    expect(await localDb.customers.count()).toBe(0);
    expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull();
  });

  it('holds unsynced changes for their author: nothing syncs, and logging out keeps them', async () => {
    await leftByHanako({ unsynced: true });
    const { router } = renderRoutes(appRoutes, '/dashboard');
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(
      within(dialog).getByText(
        'hanakoさんが入力した1件の変更が、まだサーバーに送られていません。hanakoさんがこの端末でログインすると同期されます。',
      ),
    ).toBeTruthy();
    expect(syncCalls()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'ログアウト' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pwa/login'));
    expect(await localDb.outbox.count()).toBe(1);
    expect((await localDb.meta.get('ownerUserId'))?.value).toBe('u-hanako');
  });

  it('discards them only after a confirmation naming whose and how many, then starts as the new user', async () => {
    await leftByHanako({ unsynced: true });
    renderRoutes(appRoutes, '/dashboard');
    const dialog = await screen.findByRole('dialog', { name: TITLE }, { timeout: 10_000 });
    // The focus starts on the safe answer, in the dialog and in its confirmation.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'ログアウト' })),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: '変更を破棄して続ける' }));
    // Found by its question: under test antd gives both dialogs the same title id, so names collide.
    const [question] = await screen.findAllByText('hanakoさんの変更1件を破棄しますか？');
    const confirm = question!.closest('[role=dialog]') as HTMLElement;
    await waitFor(() =>
      expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'キャンセル' })),
    );
    expect(within(confirm).getByText('破棄した変更は元に戻せません。')).toBeTruthy();
    expect(await localDb.outbox.count()).toBe(1); // nothing gone before the confirmation
    fireEvent.click(within(confirm).getByRole('button', { name: '破棄する' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull());
    expect(await localDb.outbox.count()).toBe(0);
    expect(await localDb.customers.count()).toBe(0);
    expect((await localDb.meta.get('ownerUserId'))?.value).toBe(staffUser.id);
    await waitFor(() => expect(syncCalls().length).toBeGreaterThan(0)); // syncing as the new user
  });
});
