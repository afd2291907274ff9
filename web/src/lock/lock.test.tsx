import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../auth/session-store';
import { localDb } from '../data/local-db';
import { adminUser, loginResponse, staffUser } from '../test-utils/fixtures';
import { withAntd } from '../test-utils/render';
import { clearDataKey, dataKey, hasDataKey } from '../vault/data-key';
import { VAULT_DB_NAME } from '../vault/keystore-db';
import { LockGate } from './lock-gate';
import { lockKeystore } from './lock-keystore';
import { LOCK_STORAGE_KEY } from './lock-record';
import { createLockStore } from './lock-store';

vi.mock('./lock-keystore', async () => {
  const { createKeystore } = await import('../vault/keystore');
  return { lockKeystore: createKeystore({ iterations: 1_000 }) };
});

const SLOW = { timeout: 4_000 };
let current: { stop(): void } | null = null;
const escrow = () => new Uint8Array(32).fill(3);

async function signedIn(user = staffUser) {
  const key = await lockKeystore.signInOnline(staffUser, 'pass-1234', escrow());
  await lockKeystore.signInOnline(adminUser, 'admin-pass', escrow());
  sessionStore.start(loginResponse({ user }));
  const deps = {
    keyFromWorker: vi.fn(() => Promise.resolve(key.slice())),
    lendKeyToWorker: vi.fn(() => Promise.resolve(true)),
    forgetKeyInWorker: vi.fn(() => Promise.resolve()),
    keepWorkerAwake: vi.fn(() => () => undefined),
    leave: vi.fn(),
  };
  const store = createLockStore(deps);
  await store.start();
  current = store;
  render(
    withAntd(
      <LockGate store={store}>
        {(userId) => (
          <form key={userId ?? ''} aria-label="カルテ">
            <input aria-label="メモ" defaultValue="" />
          </form>
        )}
      </LockGate>,
    ),
  );
  return { store, deps, key };
}

async function typePassword(password: string) {
  const cover = await screen.findByRole('dialog', { name: '画面をロックしました' }, SLOW);
  fireEvent.change(within(cover).getByLabelText('パスワード'), { target: { value: password } });
  fireEvent.click(within(cover).getByRole('button', { name: /ロック解除$/ }));
  return cover;
}

describe('the lock', () => {
  beforeEach(async () => {
    await new Promise((resolve) => (indexedDB.deleteDatabase(VAULT_DB_NAME).onsuccess = resolve));
    localStorage.clear();
    // No server here: an unlock's reconnecting attempt finds the network down.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
  });
  afterEach(() => {
    current?.stop();
    vi.unstubAllGlobals();
    sessionStore.end('logout');
    clearDataKey();
  });

  it('covers the app after the idle minutes, keeps the typed text, and opens again with the password', async () => {
    const { store, deps } = await signedIn();
    fireEvent.change(screen.getByRole('textbox', { name: 'メモ' }), { target: { value: '肩こりが強い' } });
    store.lockIdle();
    const cover = await typePassword('wrong-pass');
    expect(await within(cover).findByText(/あと4回間違えると/, undefined, SLOW)).toBeTruthy();
    // Nothing behind the cover can be reached: the app is inert and hidden.
    expect(document.querySelector('form[aria-label="カルテ"]')?.closest('[inert]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'メモ' })).toBeNull();
    expect(deps.forgetKeyInWorker).toHaveBeenCalled(); // a reload now asks for the password
    expect(localStorage.getItem(LOCK_STORAGE_KEY)).toContain('"attempts":1');

    await typePassword('pass-1234');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'メモ' }).value).toBe('肩こりが強い');
    expect(hasDataKey()).toBe(true);
    expect(localStorage.getItem(LOCK_STORAGE_KEY)).toBeNull();
  });

  it('names the person on the cover by the display name (issue 38)', async () => {
    const { store } = await signedIn({ ...staffUser, display_name: '佐藤 花子' });
    store.lockIdle();
    const cover = await screen.findByRole('dialog', { name: '画面をロックしました' }, SLOW);
    expect(within(cover).getByText('佐藤 花子 さんがサインインしています')).toBeTruthy();
  });

  it('ends the session on the device at the fifth wrong password', async () => {
    const { store, deps } = await signedIn();
    store.lockIdle();
    for (let i = 1; i < 5; i++) {
      const cover = await typePassword(`wrong-${i}`);
      await within(cover).findByText(new RegExp(`あと${5 - i}回`), undefined, SLOW);
    }
    await typePassword('wrong-5');
    await vi.waitFor(() => expect(deps.leave).toHaveBeenCalledWith('/login'), SLOW);
    expect(hasDataKey()).toBe(false);
    expect(sessionStore.get()).toBeNull();
    expect(localStorage.getItem(LOCK_STORAGE_KEY)).toBeNull();
  });

  it('lets another person sign in: the key goes, and so does the first person’s app', async () => {
    const { store, deps } = await signedIn();
    fireEvent.change(screen.getByRole('textbox', { name: 'メモ' }), { target: { value: '肩こりが強い' } });
    store.lockIdle();
    const cover = await screen.findByRole('dialog', { name: '画面をロックしました' }, SLOW);
    expect(within(cover).getByText('staff1 さんがサインインしています')).toBeTruthy();
    fireEvent.click(within(cover).getByRole('button', { name: '別のユーザーでサインイン' }));
    expect(deps.leave).toHaveBeenCalledWith('/login');
    expect(hasDataKey()).toBe(false);
    expect(sessionStore.get()).toBeNull();
    // Nothing of the first person's app stays while the login page loads.
    expect(screen.queryByRole('textbox', { name: 'メモ' })).toBeNull();
  });

  it('locks at once at ロックする, keeping the key for the sync, and opens again with the password', async () => {
    const { store } = await signedIn();
    fireEvent.change(screen.getByRole('textbox', { name: 'メモ' }), { target: { value: '肩こりが強い' } });
    store.lockNow();
    const cover = await screen.findByRole('dialog', { name: '画面をロックしました' }, SLOW);
    expect(within(cover).getByText('staff1 さんがサインインしています')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'メモ' })).toBeNull();
    expect(hasDataKey()).toBe(true); // the outbox still goes while the cover shows
    expect(sessionStore.get()?.user.id).toBe(staffUser.id);
    await typePassword('pass-1234');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'メモ' }).value).toBe('肩こりが強い');
  });

  it('hands over at 別のユーザーに切り替え: the key and the session go, the outbox stays, to the login page', async () => {
    const { store, deps } = await signedIn();
    await localDb.outbox.add({
      id: 1,
      name: 'customer.delete',
      args: { id: 'c1' },
      clientTime: '2026-11-27T00:00:00Z',
    } as never);
    store.switchUser();
    await vi.waitFor(() => expect(deps.leave).toHaveBeenCalledWith('/login'), SLOW);
    expect(hasDataKey()).toBe(false);
    expect(sessionStore.get()).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'メモ' })).toBeNull();
    expect(await localDb.outbox.count()).toBe(1);
    await localDb.outbox.clear();
  });

  it('shows the lock after a reload when the worker has no key, and after a session that ended', async () => {
    const { store, deps, key } = await signedIn();
    deps.keyFromWorker.mockResolvedValue(null as unknown as Uint8Array<ArrayBuffer>);
    clearDataKey();
    await store.start();
    expect(store.getState()).toMatchObject({ kind: 'locked', reason: 'reload', keyHeld: false });
    expect(screen.queryByRole('form', { name: 'カルテ' })).toBeNull(); // nothing mounted without the key
    await typePassword('pass-1234');
    await vi.waitFor(() => expect(store.getState().kind).toBe('open'), SLOW);
    expect(dataKey()).toEqual(key);

    sessionStore.end('expired');
    expect(hasDataKey()).toBe(false);
    expect(store.getState()).toMatchObject({ kind: 'locked', reason: 'expired' });
    const cover = await screen.findByRole('dialog', { name: 'ログインの有効期限が切れました' }, SLOW);
    fireEvent.change(within(cover).getByLabelText('パスワード'), { target: { value: 'pass-1234' } });
    fireEvent.click(within(cover).getByRole('button', { name: /ロック解除$/ }));
    await vi.waitFor(() => expect(sessionStore.get()).toMatchObject({ offline: true, userId: staffUser.id }), SLOW);
  });

  it('asks for the password when the worker holds no key, whatever the device stores', async () => {
    const { store, deps } = await signedIn();
    deps.keyFromWorker.mockResolvedValue(null as unknown as Uint8Array<ArrayBuffer>);
    clearDataKey();
    await store.start();
    expect(store.getState()).toMatchObject({ kind: 'locked', reason: 'reload', keyHeld: false });
    expect(hasDataKey()).toBe(false);
  });

  it('shows the lock, not the data, when the session ended while the app was closed', async () => {
    await lockKeystore.signInOnline(staffUser, 'pass-1234', escrow());
    sessionStore.start(loginResponse({ expiresIn: -1 })); // stored, already over
    expect(sessionStore.restore()).toBeNull();
    const store = createLockStore({
      keyFromWorker: vi.fn(() => Promise.resolve(null)),
      lendKeyToWorker: vi.fn(() => Promise.resolve(true)),
      forgetKeyInWorker: vi.fn(() => Promise.resolve()),
      keepWorkerAwake: vi.fn(() => () => undefined),
      leave: vi.fn(),
    });
    current = store;
    await store.start();
    expect(store.getState()).toMatchObject({ kind: 'locked', reason: 'expired', user: staffUser, keyHeld: false });
    expect(localStorage.getItem('clinic.session')).toBeNull(); // the tokens went at the start
  });

  it('locks and unlocks with another tab of the app', async () => {
    const { store } = await signedIn();
    const otherTab = (value: string | null) => {
      if (value) localStorage.setItem(LOCK_STORAGE_KEY, value);
      else localStorage.removeItem(LOCK_STORAGE_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: LOCK_STORAGE_KEY }));
    };
    otherTab(JSON.stringify({ user: staffUser, reason: 'idle', attempts: 0 }));
    expect(store.getState()).toMatchObject({ kind: 'locked', keyHeld: true });
    expect(await screen.findByRole('dialog', { name: '画面をロックしました' }, SLOW)).toBeTruthy();
    otherTab(null);
    expect(store.getState().kind).toBe('open');
  });

  it('lets an administrator wipe the device after a confirmation that counts the unsent changes', async () => {
    const { store, deps } = await signedIn();
    await localDb.outbox.add({
      id: 1,
      name: 'customer.delete',
      args: { id: 'c1' },
      clientTime: '2026-11-27T00:00:00Z',
    } as never);
    store.lockIdle();
    const cover = await screen.findByRole('dialog', { name: '画面をロックしました' }, SLOW);
    fireEvent.click(within(cover).getByRole('button', { name: '端末のデータを消去（管理者）' }));
    fireEvent.change(within(cover).getByLabelText('管理者のユーザー名（メールアドレス）'), {
      target: { value: 'staff1' },
    });
    fireEvent.change(within(cover).getByLabelText('管理者のパスワード'), { target: { value: 'pass-1234' } });
    fireEvent.click(within(cover).getByRole('button', { name: /消去する$/ }));
    expect(
      await within(cover).findByText('管理者のユーザー名とパスワードを入力してください', undefined, SLOW),
    ).toBeTruthy();

    fireEvent.change(within(cover).getByLabelText('管理者のユーザー名（メールアドレス）'), {
      target: { value: 'admin' },
    });
    fireEvent.change(within(cover).getByLabelText('管理者のパスワード'), { target: { value: 'admin-pass' } });
    fireEvent.click(within(cover).getByRole('button', { name: /消去する$/ }));
    const confirm = await screen.findByRole('dialog', { name: 'この端末のデータをすべて消去しますか？' }, SLOW);
    expect(
      within(confirm).getByText(/まだサーバーに送っていない変更が1件あります。消去すると、これらの変更は失われます。/),
    ).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'すべて消去' }));
    await vi.waitFor(() => expect(deps.leave).toHaveBeenCalledWith('/login'), SLOW);
    expect(hasDataKey()).toBe(false);
    expect(await lockKeystore.hasAnyUser()).toBe(false);
  });
});
