import { loginResponseSchema } from '@clinic/sync-protocol';
import type { Session } from '../auth/session';
import { sessionStore } from '../auth/session-store';
import { withRefreshLock } from '../auth/refresh-lock';
import { ApiError, networkError, notLoggedInError } from './errors';
import { send } from './http';
import { isFresh, isUsable } from './refresh-policy';

let inflight: Promise<Session> | null = null;

/**
 * Trades the refresh token for a new pair. Single-flight: every caller waiting at the same moment
 * shares one request, because the server rotates the refresh token and a second use would be refused.
 * `staleToken` is the access token that was found too old; if another tab has already replaced it,
 * that newer token is used instead of refreshing again.
 */
export function refreshSession(staleToken: string | null): Promise<Session> {
  // Other tabs refresh too: one lock for all, and whoever comes second takes the tokens the first one
  // stored (doRefresh reads the storage first) instead of spending a used refresh token.
  inflight ??= withRefreshLock(() => doRefresh(staleToken)).finally(() => {
    inflight = null;
  });
  return inflight;
}

async function doRefresh(staleToken: string | null): Promise<Session> {
  sessionStore.syncFromStorage();
  const current = sessionStore.get();
  if (!current) throw notLoggedInError();
  if (isUsable(current, staleToken)) return current;
  try {
    const res = await send('/auth/refresh', {
      method: 'POST',
      body: { refreshToken: current.refreshToken },
      schema: loginResponseSchema,
    });
    return sessionStore.refreshed(res);
  } catch (err) {
    // Only a refusal ends the session; offline, the stored session stays usable (DESIGN: offline first).
    if (err instanceof ApiError && err.kind === 'auth') sessionStore.end('unauthorized');
    throw err;
  }
}

/** The token to send now, refreshed first when it is about to expire. */
export async function freshAccessToken(): Promise<string> {
  const session = sessionStore.get();
  if (!session) throw notLoggedInError();
  // Signed in on the device alone: no token until the server session is back (lock/reconnect); as offline.
  if (session.offline) throw networkError();
  if (isFresh(session)) return session.accessToken;
  try {
    return (await refreshSession(session.accessToken)).accessToken;
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'auth') throw err;
    // Could not reach the server: try the old token; the call itself will report the real problem.
    return session.accessToken;
  }
}
