import type { LoginResponse, User } from '@clinic/sync-protocol';
import { sealValue } from '../vault/seal-value';
import { type Session, type StoredSession, sealedTokensBinding } from './session-schema';

export type { Session, StoredSession } from './session-schema';

export const SESSION_STORAGE_KEY = 'clinic.session';

/** Test accounts of the old app used tokens with this prefix; they are never restored (spec 4). */
export const BYPASS_TOKEN_PREFIX = 'bypass';

export function sessionFromResponse(res: LoginResponse, now: number): Session {
  return {
    accessToken: res.accessToken,
    refreshToken: res.refreshToken,
    userId: res.user.id,
    user: res.user,
    accessTokenExpiresAt: now + res.accessTokenExpiresIn * 1000,
    expiresAt: now + res.expiresIn * 1000,
  };
}

/** A session opened on the device alone (offline sign-in or unlock after the session ended): no tokens. */
export function offlineSession(user: User, now: number): Session {
  return {
    accessToken: '',
    refreshToken: '',
    userId: user.id,
    user,
    accessTokenExpiresAt: 0,
    expiresAt: now + OFFLINE_SESSION_MS,
    offline: true,
  };
}

/** As long as a server session (12 hours, spec 4). */
export const OFFLINE_SESSION_MS = 12 * 3_600_000;

/** Thrown when the session cannot be written (quota exceeded, storage disabled). */
export class SessionStorageError extends Error {
  constructor(cause: unknown) {
    super('session storage failed', { cause });
    this.name = 'SessionStorageError';
  }
}

/**
 * The session as web storage keeps it: its tokens sealed with the device's data key, or left out when no
 * key is in memory yet (then they live in this page's memory only, and are stored once the key is there).
 */
export function toStored(session: Session, key: Uint8Array | null): StoredSession {
  const { userId, user, accessTokenExpiresAt, expiresAt } = session;
  const stored: StoredSession = { userId, user, accessTokenExpiresAt, expiresAt };
  if (session.offline || !key) return stored;
  const tokens = JSON.stringify({ accessToken: session.accessToken, refreshToken: session.refreshToken });
  return { ...stored, tokens: sealValue(tokens, key, sealedTokensBinding(userId)) };
}

/** Writes the session under its key; throws SessionStorageError when the browser refuses. */
export function writeSession(storage: Storage | null, stored: StoredSession): void {
  try {
    if (!storage) throw new Error('localStorage unavailable');
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(stored));
  } catch (err) {
    throw new SessionStorageError(err);
  }
}

export const isLive = (session: { expiresAt: number }, now: number): boolean => session.expiresAt > now;

/** A token of the old app's test accounts (spec 4): such a session is never restored. */
export const isBypassToken = (token: string): boolean => token.toLowerCase().startsWith(BYPASS_TOKEN_PREFIX);
