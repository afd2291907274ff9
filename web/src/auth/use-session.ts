import { useSyncExternalStore } from 'react';
import type { Session } from './session';
import { sessionStore, type SessionState } from './session-store';

export function useSessionState(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState, sessionStore.getState);
}

/** The logged-in session, or null; re-renders on login, refresh, logout and expiry. */
export function useSession(): Session | null {
  return useSessionState().session;
}
