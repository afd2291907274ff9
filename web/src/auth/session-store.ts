import type { LoginResponse } from '@clinic/sync-protocol';
import type { User } from '@clinic/sync-protocol';
import {
  isRestorable,
  offlineSession,
  SESSION_STORAGE_KEY,
  sessionFromResponse,
  writeSession,
  type Session,
} from './session';
import { toStoredSession } from './session-schema';

export { SessionStorageError } from './session';

/** Why the session ended: the guard sends a logout to the PWA login and explains a 401 first. */
export type SessionEndReason = 'logout' | 'expired' | 'unauthorized';

export type SessionState = {
  session: Session | null;
  endReason: SessionEndReason | null;
};

type Deps = { storage: () => Storage | null; now: () => number };

export function createSessionStore({ storage, now }: Deps) {
  let state: SessionState = { session: null, endReason: null };
  // Whose session ended last: the lock names them after a session's end, even one that ended before the app started.
  let endedUser: User | null = null;
  const listeners = new Set<() => void>();

  const set = (next: SessionState) => {
    state = next;
    listeners.forEach((l) => l());
  };

  const write = (session: Session) => writeSession(storage(), session);

  const erase = () => {
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

  const read = (): Session | null => {
    try {
      const raw = storage()?.getItem(SESSION_STORAGE_KEY);
      if (!raw) return null;
      return toStoredSession(JSON.parse(raw));
    } catch {
      return null;
    }
  };

  return {
    getState: (): SessionState => state,
    get: (): Session | null => state.session,
    // An arrow, not a method: React calls it unbound (useSyncExternalStore(sessionStore.subscribe, …)).
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Loads the stored session; an expired, bypass or malformed one is cleared instead. */
    restore(): Session | null {
      const stored = read();
      if (stored && isRestorable(stored, now())) {
        set({ session: stored, endReason: null });
        return stored;
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

    /** Tokens rotated elsewhere (the service worker refreshed them while replaying a push). */
    adoptTokens(tokens: Pick<Session, 'accessToken' | 'refreshToken' | 'accessTokenExpiresAt'>): void {
      const current = state.session;
      if (!current || current.refreshToken === tokens.refreshToken) return;
      const session = { ...current, ...tokens };
      try {
        write(session);
      } catch {
        // Kept in memory only, as with refreshed().
      }
      set({ session, endReason: null });
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
      if (stored && isRestorable(stored, now())) {
        if (stored.accessToken !== state.session?.accessToken) set({ session: stored, endReason: null });
      } else if (state.session) {
        set({ session: null, endReason: 'logout' });
      }
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

const browserStorage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

/** The app's one session store, restored once when the module loads. */
export const sessionStore = createSessionStore({ storage: browserStorage, now: () => Date.now() });
sessionStore.restore();

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === SESSION_STORAGE_KEY || e.key === null) sessionStore.syncFromStorage();
  });
}
