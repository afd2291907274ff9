import { sessionStore } from '../auth/session-store';
import { ApiError } from './errors';
import { send, type SendOptions } from './http';
import { freshAccessToken, refreshSession } from './refresh';

export type ApiRequestOptions<T> = Omit<SendOptions<T>, 'token'> & {
  /** Send the bearer token (default). Login and refresh go without. */
  auth?: boolean;
  /** 'ignore' keeps a 401 from ending the session (used by logout, which ends it anyway). */
  onUnauthorized?: 'endSession' | 'ignore';
};

/**
 * A call to /api (spec 7): bearer token, 30 s timeout, silent token refresh, Japanese errors.
 * A 401 that a refresh cannot cure ends the session; the route guard then says so and goes to login.
 */
export async function apiRequest<T>(path: string, opts: ApiRequestOptions<T>): Promise<T> {
  const { auth = true, onUnauthorized = 'endSession', ...sendOpts } = opts;
  if (!auth) return send(path, sendOpts);

  try {
    const token = await freshAccessToken();
    try {
      return await send(path, { ...sendOpts, token });
    } catch (err) {
      if (!(err instanceof ApiError && err.kind === 'auth' && err.code === 'TOKEN_EXPIRED')) throw err;
      const renewed = await refreshSession(token);
      return await send(path, { ...sendOpts, token: renewed.accessToken });
    }
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'auth' && onUnauthorized === 'endSession' && sessionStore.get()) {
      sessionStore.end('unauthorized');
    }
    throw err;
  }
}
