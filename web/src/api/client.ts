import { sessionStore } from '../auth/session-store';
import { ApiError } from './errors';
import { type FetchOptions, type ReadAnswer, type SendOptions, fetchOnce, jsonRequest, readData } from './http';
import { freshAccessToken, refreshSession } from './refresh';

type AuthOptions = {
  /** Send the bearer token (default). Login, refresh and the device's log uploads go without. */
  auth?: boolean;
  /** 'ignore' keeps a 401 from ending the session (used by logout, which ends it anyway). */
  onUnauthorized?: 'endSession' | 'ignore';
};

export type ApiFetchOptions = Omit<FetchOptions, 'token'> & AuthOptions;

/**
 * The one request path to /api (spec 7): bearer token, 30 s timeout, a silent refresh and one retry
 * when the token has expired, Japanese errors. `read` turns the 2xx answer into the result (JSON data,
 * a file). A 401 that a refresh cannot cure ends the session; the route guard then says so.
 */
export async function apiFetch<T>(path: string, opts: ApiFetchOptions, read: ReadAnswer<T>): Promise<T> {
  const { auth = true, onUnauthorized = 'endSession', ...fetchOpts } = opts;
  if (!auth) return fetchOnce(path, fetchOpts, read);

  try {
    const token = await freshAccessToken();
    try {
      return await fetchOnce(path, { ...fetchOpts, token }, read);
    } catch (err) {
      if (!(err instanceof ApiError && err.kind === 'auth' && err.code === 'TOKEN_EXPIRED')) throw err;
      const renewed = await refreshSession(token);
      return await fetchOnce(path, { ...fetchOpts, token: renewed.accessToken }, read);
    }
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'auth' && onUnauthorized === 'endSession' && sessionStore.get()) {
      sessionStore.end('unauthorized');
    }
    throw err;
  }
}

export type ApiRequestOptions<T> = Omit<SendOptions<T>, 'token'> & AuthOptions;

/** A JSON call: `body` sent as JSON, the answer's `data` parsed by `schema`. */
export function apiRequest<T>(path: string, opts: ApiRequestOptions<T>): Promise<T> {
  const { body, schema, ...rest } = opts;
  return apiFetch(path, { ...rest, ...jsonRequest(body) }, readData(schema));
}
