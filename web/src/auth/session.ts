import type { LoginResponse, User } from '@clinic/sync-protocol';
import type { Session } from './session-schema';

export type { Session } from './session-schema';

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

/** Writes the session under its key; throws SessionStorageError when the browser refuses. */
export function writeSession(storage: Storage | null, session: Session): void {
  try {
    if (!storage) throw new Error('localStorage unavailable');
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  } catch (err) {
    throw new SessionStorageError(err);
  }
}

export function isRestorable(session: Session, now: number): boolean {
  return session.expiresAt > now && !session.accessToken.toLowerCase().startsWith(BYPASS_TOKEN_PREFIX);
}
