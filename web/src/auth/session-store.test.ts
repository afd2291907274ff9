import { beforeEach, describe, expect, it } from 'vitest';
import { loginResponse, staffUser } from '../test-utils/fixtures';
import { SESSION_STORAGE_KEY, type StoredSession } from './session';
import { createSessionStore, SessionStorageError } from './session-store';

const HOUR = 3_600_000;

function memoryStorage(): Storage & { failWrites: boolean } {
  const data = new Map<string, string>();
  return {
    failWrites: false,
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    key: (i) => [...data.keys()][i] ?? null,
    getItem: (k) => data.get(k) ?? null,
    removeItem: (k) => void data.delete(k),
    setItem(k, v) {
      if (this.failWrites) throw new DOMException('quota', 'QuotaExceededError');
      data.set(k, v);
    },
  };
}

describe('session store', () => {
  let storage: ReturnType<typeof memoryStorage>;
  let now: number;
  let key: Uint8Array | null;
  const make = () => createSessionStore({ storage: () => storage, now: () => now, key: () => key });

  beforeEach(() => {
    storage = memoryStorage();
    now = 1_000_000;
    key = crypto.getRandomValues(new Uint8Array(32));
  });

  it('saves the session with both expiries computed from the login time, its tokens sealed', () => {
    const store = make();
    store.start(loginResponse());
    const raw = storage.getItem(SESSION_STORAGE_KEY) ?? '';
    const saved = JSON.parse(raw) as StoredSession;
    expect(saved).toEqual({
      userId: staffUser.id,
      user: staffUser,
      accessTokenExpiresAt: now + 900_000,
      expiresAt: now + 12 * HOUR,
      tokens: expect.any(String) as string,
    });
    expect(raw).not.toContain('access-1');
    expect(raw).not.toContain('refresh-1');
    expect(atob(saved.tokens ?? '')).not.toContain('access-1');
    expect(store.get()).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  });

  it('restores a stored session that has not expired, its tokens once the key is there', () => {
    make().start(loginResponse());
    now += 11 * HOUR;
    const held = key;
    key = null; // a reload: the key comes from the worker or the lock, after the store has restored
    const store = make();
    expect(store.restore()).toMatchObject({ accessToken: '', refreshToken: '', offline: true });
    expect(store.getState().endReason).toBeNull();
    key = held;
    store.keyChanged();
    expect(store.get()).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    expect(store.get()?.offline).toBeUndefined();
  });

  it('opens no tokens with another key, nor those sealed for another person', () => {
    make().start(loginResponse());
    key = crypto.getRandomValues(new Uint8Array(32));
    const store = make();
    expect(store.restore()).toMatchObject({ accessToken: '', offline: true, user: staffUser });
    const stored = JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? '') as StoredSession;
    // Someone else's sealed tokens moved under this person's name do not open either.
    const other = { ...stored, userId: 'u-other', user: { ...staffUser, id: 'u-other' } };
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(other));
    expect(make().restore()).toMatchObject({ accessToken: '', offline: true });
  });

  it('stores the tokens sealed as soon as the key arrives, and never in clear before', () => {
    const held = key;
    key = null;
    const store = make();
    store.start(loginResponse());
    expect(storage.getItem(SESSION_STORAGE_KEY)).not.toContain('access-1');
    expect((JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? '') as StoredSession).tokens).toBeUndefined();
    expect(store.get()?.accessToken).toBe('access-1'); // in this page's memory only
    key = held;
    store.keyChanged();
    expect((JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? '') as StoredSession).tokens).toEqual(
      expect.any(String),
    );
    expect(make().restore()?.accessToken).toBe('access-1');
  });

  it('never takes over a session an older app stored with its tokens in clear, and erases it', () => {
    storage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({
        accessToken: 'access-old',
        refreshToken: 'refresh-old',
        userId: staffUser.id,
        user: staffUser,
        accessTokenExpiresAt: now + 900_000,
        expiresAt: now + HOUR,
      }),
    );
    expect(make().restore()).toBeNull();
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('follows tokens another tab rotated, opened with the shared key', () => {
    const first = make();
    first.start(loginResponse());
    const second = make();
    second.restore();
    first.refreshed(loginResponse({ accessToken: 'access-2', refreshToken: 'refresh-2' }));
    second.syncFromStorage();
    expect(second.get()).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
  });

  it('clears an expired session on restore', () => {
    make().start(loginResponse());
    now += 12 * HOUR;
    const store = make();
    expect(store.restore()).toBeNull();
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('never restores a token with the bypass prefix, and clears it', () => {
    make().start(loginResponse({ accessToken: 'bypass-test-user' }));
    const store = make();
    expect(store.restore()).toBeNull();
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('ignores malformed stored data', () => {
    storage.setItem(SESSION_STORAGE_KEY, '{"accessToken":1');
    expect(make().restore()).toBeNull();
  });

  it('fails the login with a storage error and keeps nothing when saving throws', () => {
    storage.failWrites = true;
    const store = make();
    expect(() => store.start(loginResponse())).toThrow(SessionStorageError);
    expect(store.get()).toBeNull();
  });

  it('clears the session when its life ends while the app is open', () => {
    const store = make();
    store.start(loginResponse());
    let notified = 0;
    store.subscribe(() => notified++);
    now += 12 * HOUR - 1;
    store.checkExpiry();
    expect(store.get()).not.toBeNull();
    now += 1;
    store.checkExpiry();
    expect(store.getState()).toEqual({ session: null, endReason: 'expired' });
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(notified).toBe(1);
  });

  it('replaces rotated tokens on refresh and records why a session ended', () => {
    const store = make();
    store.start(loginResponse());
    store.refreshed(loginResponse({ accessToken: 'access-2', refreshToken: 'refresh-2', expiresIn: 3600 }));
    expect(store.get()).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2', expiresAt: now + HOUR });
    store.end('unauthorized');
    expect(store.getState().endReason).toBe('unauthorized');
    expect(storage.length).toBe(0);
  });
});

describe('session store, offline and ended sessions', () => {
  let storage: Storage;
  let now = 1_000_000;
  const key = crypto.getRandomValues(new Uint8Array(32));
  const make = () => createSessionStore({ storage: () => storage, now: () => now, key: () => key });
  beforeEach(() => {
    const data = new Map<string, string>();
    storage = {
      length: 0,
      clear: () => data.clear(),
      key: () => null,
      getItem: (k) => data.get(k) ?? null,
      removeItem: (k) => void data.delete(k),
      setItem: (k, v) => void data.set(k, v),
    };
    now = 1_000_000;
  });

  it('keeps an offline session (no tokens) across a reload', () => {
    make().startOffline(staffUser);
    const restored = make().restore();
    expect(restored).toMatchObject({ offline: true, accessToken: '', user: staffUser, expiresAt: now + 12 * HOUR });
  });

  it('remembers whose session ended, also one that ended before the app started', () => {
    make().start(loginResponse());
    now += 12 * HOUR;
    const store = make();
    store.restore();
    expect(store.endedUser()).toEqual(staffUser);
    store.startOffline(staffUser);
    expect(store.endedUser()).toBeNull();
    store.end('logout');
    expect(store.endedUser()).toEqual(staffUser);
  });
});
