/**
 * The service worker's requests with a token (replaying queued pushes). The worker cannot load the
 * page's request path (session store, localStorage, window), so its two calls live here, beside it,
 * using the same refresh rule (refresh-policy.ts). No zod: it would weigh more than the rest of the worker.
 */
import { API_BASE } from './base';

export type RenewedTokens = { accessToken: string; refreshToken: string; accessTokenExpiresIn: number };
export type RefreshOutcome =
  { kind: 'renewed'; tokens: RenewedTokens } | { kind: 'refused' } | { kind: 'failed'; reason: string };

/** Trades a refresh token for a new pair. 'refused' (401): the login is over; 'failed': try again later. */
export async function refreshInWorker(refreshToken: string): Promise<RefreshOutcome> {
  const response = await fetch(`${API_BASE}/auth/refresh`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refreshToken }),
  });
  if (response.status === 401) return { kind: 'refused' };
  if (!response.ok) return { kind: 'failed', reason: `refresh answered ${response.status}` };
  const body: unknown = await response.json().catch(() => null);
  const data = isObject(body) && isObject(body.data) ? body.data : {};
  const { accessToken, refreshToken: renewed, accessTokenExpiresIn } = data;
  if (typeof accessToken !== 'string' || typeof renewed !== 'string' || typeof accessTokenExpiresIn !== 'number') {
    return { kind: 'failed', reason: 'refresh answered an unexpected body' };
  }
  return { kind: 'renewed', tokens: { accessToken, refreshToken: renewed, accessTokenExpiresIn } };
}

/** A stored JSON request sent again with a current token instead of the one it was queued with. */
export function postWithToken(url: string, body: string, token: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body,
  });
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
