import { freshAccessToken, refreshSession } from './refresh';

/**
 * For a library that sends its own requests (tus-js-client): the token and the refresh of the one
 * request path, so it never keeps its own copy of either.
 */

/** The Authorization value for the next request: a fresh token, refreshed first when it is about to end. */
export const authorizationHeader = async (): Promise<string> => `Bearer ${await freshAccessToken()}`;

/**
 * After the server refused `header` (401): one refresh, as apiFetch does, so the library's retry goes
 * with a new token. False when that is impossible (the login is over, or offline); a refused refresh
 * has then ended the session, as it does for every other call.
 */
export async function renewRefused(header: string | undefined): Promise<boolean> {
  const token = header?.replace(/^Bearer /, '') ?? null;
  try {
    const renewed = await refreshSession(token);
    return renewed.accessToken !== token;
  } catch {
    return false;
  }
}
