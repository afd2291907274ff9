/**
 * The one way a push leaves the device (issue 37): a body sealed to the server, POSTed to
 * /api/sync/sealed-push. The page's engine sends with it, and the service worker replays the very bytes
 * it queued with it, so the two cannot drift apart. No zod and nothing of the page: the worker loads it.
 */
import { API_BASE } from '../api/base';

export const SEALED_PUSH_URL = `${API_BASE}/sync/sealed-push`;

/**
 * `done`: applied (or already had: replays are harmless). `network`: no answer, try again when it returns.
 * `later`: the server cannot take it now (5xx, 429), try again later. `refused`: it will never take this
 * body (forged, an old key, a device it no longer knows); the outbox still holds every change.
 */
export type SealedOutcome =
  | { kind: 'done'; data: unknown }
  | { kind: 'network'; message: string }
  | { kind: 'later' | 'refused'; status: number; code: string | null; message: string };

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

export async function sendSealed(
  body: string,
  fetcher: Fetch = (url, init) => fetch(url, init),
): Promise<SealedOutcome> {
  let response: Response;
  try {
    response = await fetcher(SEALED_PUSH_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      credentials: 'omit',
    });
  } catch (error) {
    return { kind: 'network', message: error instanceof Error ? error.message : 'network' };
  }
  const envelope = (await response.json().catch(() => null)) as {
    data?: unknown;
    code?: unknown;
    error?: unknown;
    message?: unknown;
  } | null;
  if (response.ok) return { kind: 'done', data: envelope?.data };
  const code = typeof envelope?.code === 'string' ? envelope.code : null;
  const said = typeof envelope?.message === 'string' ? envelope.message : envelope?.error;
  const message = typeof said === 'string' ? said : `HTTP ${response.status}`;
  const kind = response.status >= 500 || response.status === 429 ? 'later' : 'refused';
  return { kind, status: response.status, code, message };
}
