import type { LoginResponse } from '@clinic/sync-protocol';
import type { User } from '@clinic/sync-protocol';
import { dataKey, hasDataKey, onDataKeyChange } from '../vault/data-key';
import { openValue } from '../vault/seal-value';
import {
  isBypassToken,
  isLive,
  offlineSession,
  SESSION_STORAGE_KEY,
  sessionFromResponse,
  toStored,
  writeSession,
  type Session,
  type StoredSession,
} from './session';
import { sealedTokensBinding, toStoredSession, toTokens } from './session-schema';

export { SessionStorageError } from './session';

/** Why the session ended: the guard sends a logout to the PWA login and explains a 401 first. */
export type SessionEndReason = 'logout' | 'expired' | 'unauthorized';

export type SessionState = {
  session: Session | null;
  endReason: SessionEndReason | null;
};

type Deps = {
  storage: () => Storage | null;
  now: () => number;
  /** The device's data key when it is in memory: the tokens are stored sealed with it, and opened with it. */
  key: () => Uint8Array | null;
};

/** A stored session before its tokens are opened: in memory it has none, as a session on the device alone. */
const withoutTokens = (stored: StoredSession): Session => ({
  ...stored,
  accessToken: '',
  refreshToken: '',
  offline: true,
});

export function createSessionStore({ storage, now, key }: Deps) {
  let state: SessionState = { session: null, endReason: null };
  // Whose session ended last: the lock names them after a session's end, even one that ended before the app started.
  let endedUser: User | null = null;
  /** The stored session's sealed tokens, waiting for the data key (after a reload, until the lock opens). */
  let sealed: string | null = null;
  /** The session's tokens went to storage without a key (the login, before the device's key opened). */
  let storedWithoutTokens = false;
  /** The sealed tokens this page wrote or opened last: a storage event with the same ones changes nothing. */
  let lastStoredTokens: string | null = null;
  const listeners = new Set<() => void>();

  const set = (next: SessionState) => {
    state = next;
    listeners.forEach((l) => l());
  };

  const write = (session: Session) => {
    const k = key();
    const stored = toStored(session, k);
    writeSession(storage(), stored);
    sealed = null;
    storedWithoutTokens = !session.offline && !k;
    lastStoredTokens = stored.tokens ?? null;
  };

  const erase = () => {
    sealed = null;
    storedWithoutTokens = false;
    lastStoredTokens = null;
    try {
      storage()?.removeItem(SESSION_STORAGE_KEY);
    } catch {
      // Nothing more can be done; the in-memory session is gone either way.
    }
  };

  const end = (reason: SessionEndReason) => {
    endedUser = state.session?.user ?? endedUser;
    erase();
    set({ session: null, endReason: reason });
  };

  const read = (): StoredSession | null => {
    try {
      const raw = storage()?.getItem(SESSION_STORAGE_KEY);
      if (!raw) return null;
      return toStoredSession(JSON.parse(raw));
    } catch {
      return null;
    }
  };

  /**
   * The stored session's tokens opened with the key in memory. Tokens that do not open (sealed for
   * someone else, changed by hand) are dropped: the person goes on signed in on the device alone and
   * reconnects with their password (lock/reconnect), as after an offline sign-in.
   */
  const openSealed = (stored: StoredSession): Session => {
    const k = key();
    const base = withoutTokens(stored);
    if (!stored.tokens) return base;
    if (!k) {
      sealed = stored.tokens;
      return base;
    }
    sealed = null;
    let tokens: ReturnType<typeof toTokens> = null;
    try {
      tokens = toTokens(openValue(stored.tokens, k, sealedTokensBinding(stored.userId)));
    } catch {
      tokens = null;
    }
    if (!tokens) return base;
    lastStoredTokens = stored.tokens;
    const { offline: _none, ...online } = base;
    return { ...online, ...tokens };
  };

  /** A session with a test account's token is never kept (spec 4). */
  const refuseBypass = (session: Session): boolean => {
    if (!isBypassToken(session.accessToken)) return false;
    end('expired');
    return true;
  };

  return {
    getState: (): SessionState => state,
    get: (): Session | null => state.session,
    // An arrow, not a method: React calls it unbound (useSyncExternalStore(sessionStore.subscribe, …)).
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Loads the stored session (its tokens wait for the data key); an expired or malformed one is cleared instead. */
    restore(): Session | null {
      const stored = read();
      if (stored && isLive(stored, now())) {
        const session = openSealed(stored);
        if (refuseBypass(session)) return null;
        set({ session, endReason: null });
        return session;
      }
      if (stored) endedUser = stored.user;
      erase();
      set({ session: null, endReason: stored ? 'expired' : state.endReason });
      return null;
    },

    /** Login: nothing is kept in memory unless it was stored, so a reload never loses the login silently. */
    start(res: LoginResponse): Session {
      const session = sessionFromResponse(res, now());
      write(session);
      set({ session, endReason: null });
      return session;
    },

    /** A session on the device alone (offline sign-in, unlock after a session ended): see Session.offline. */
    startOffline(user: User): Session {
      const session = offlineSession(user, now());
      write(session);
      set({ session, endReason: null });
      return session;
    },

    /** The person whose session ended last (null once someone signs in again). */
    endedUser: (): User | null => (state.session ? null : endedUser),

    /** Refresh: rotating tokens must replace the old ones even if storage fails, or the next call 401s. */
    refreshed(res: LoginResponse): Session {
      const session = sessionFromResponse(res, now());
      try {
        write(session);
      } catch {
        // Kept in memory only; a reload will then ask for a new login.
      }
      set({ session, endReason: null });
      return session;
    },

    /**
     * The data key came (or went): sealed tokens waiting for it are opened, and tokens stored without it
     * (the login, before the device's key opened) are stored sealed now.
     */
    keyChanged(): void {
      if (!key()) return;
      const current = state.session;
      if (!current) return;
      if (sealed && current.offline) {
        const stored = read();
        if (!stored || stored.userId !== current.userId || !stored.tokens) return void (sealed = null);
        const session = openSealed(stored);
        if (refuseBypass(session)) return;
        if (!session.offline) set({ session, endReason: null });
      } else if (storedWithoutTokens && !current.offline) {
        try {
          write(current);
        } catch {
          // Kept in memory only, as with refreshed().
        }
      }
    },

    end,

    /** Clears the session once its 12-hour life is over; called on a timer and on tab focus. */
    checkExpiry(): void {
      const s = state.session;
      if (s && s.expiresAt <= now()) end('expired');
    },

    /** Another tab may have rotated the tokens or logged out (storage event, or before a refresh). */
    syncFromStorage(): void {
      const stored = read();
      if (!stored || !isLive(stored, now())) {
        if (state.session) {
          sealed = null;
          set({ session: null, endReason: 'logout' });
        }
        return;
      }
      const current = state.session;
      const sameTokens = stored.tokens !== undefined && stored.tokens === lastStoredTokens;
      if (current?.userId === stored.userId && (sameTokens || (!stored.tokens && current.offline))) return;
      const session = openSealed(stored);
      if (refuseBypass(session)) return;
      if (current?.userId === stored.userId && session.offline && !current.offline) return; // not opened here: keep ours
      set({ session, endReason: null });
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

const browserStorage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

/** The app's one session store, restored once when the module loads. */
export const sessionStore = createSessionStore({
  storage: browserStorage,
  now: () => Date.now(),
  key: () => (hasDataKey() ? dataKey() : null),
});
sessionStore.restore();
onDataKeyChange(() => sessionStore.keyChanged());

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === SESSION_STORAGE_KEY || e.key === null) sessionStore.syncFromStorage();
  });
}
