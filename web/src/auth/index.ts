export type { Session } from './session';
export { SESSION_STORAGE_KEY } from './session';
export { sessionStore, SessionStorageError, type SessionEndReason, type SessionState } from './session-store';
export { useSession, useSessionState } from './use-session';
export { useSessionExpiryWatch } from './use-session-expiry-watch';
