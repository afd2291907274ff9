import type { Queue } from 'workbox-background-sync';
import { type MirroredTokens, readMirroredTokens, withRefreshLock, writeMirroredTokens } from '../db/session-mirror';
import type { WorkerToPage } from './sw-messages';

const REFRESH_MARGIN_MS = 30_000;

/** What a replay uses of the queue and of the worker; the page build's tests pass fakes. */
export type ReplayQueue = Pick<Queue, 'shiftRequest' | 'unshiftRequest'>;
export type ReplayWorker = {
  clients: { matchAll(options: { type: 'window' }): Promise<ReadonlyArray<{ postMessage(message: WorkerToPage): void }>> };
};

type QueueEntry = NonNullable<Awaited<ReturnType<ReplayQueue['shiftRequest']>>>;

class KeepForLater extends Error {}

/**
 * A current access token from IndexedDB, refreshed (under the shared lock) when it is about to expire
 * or when the server has just refused `rejected`. A token the page rotated meanwhile is used as it is.
 */
async function currentToken(rejected: string | null): Promise<string | null> {
  return withRefreshLock(async () => {
    const tokens = await readMirroredTokens();
    if (!tokens || tokens.expiresAt <= Date.now()) return null;
    const fresh = tokens.accessTokenExpiresAt - Date.now() > REFRESH_MARGIN_MS;
    if (fresh && tokens.accessToken !== rejected) return tokens.accessToken;
    const response = await fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: tokens.refreshToken }),
    });
    if (response.status === 401) {
      await writeMirroredTokens(null);
      return null;
    }
    if (!response.ok) throw new KeepForLater(`refresh answered ${response.status}`);
    const data = ((await response.json()) as { data?: Record<string, unknown> } | null)?.data;
    // Checked by hand: zod would weigh more than the rest of the worker.
    const { accessToken, refreshToken, accessTokenExpiresIn } = data ?? {};
    if (typeof accessToken !== 'string' || typeof refreshToken !== 'string' || typeof accessTokenExpiresIn !== 'number') {
      throw new KeepForLater('refresh answered an unexpected body');
    }
    const next: MirroredTokens = { ...tokens, accessToken, refreshToken, accessTokenExpiresAt: Date.now() + accessTokenExpiresIn * 1000 };
    await writeMirroredTokens(next);
    return next.accessToken;
  });
}

/** Sends one queued push with a current token; after a 401 it refreshes and tries once more, as the page does. */
async function deliver(entry: QueueEntry): Promise<Response> {
  const body = await entry.request.clone().text();
  let rejected: string | null = null;
  for (let attempt = 0; attempt < 2; attempt++) {
    const token = await currentToken(rejected);
    if (!token) throw new KeepForLater('no usable login');
    const response = await fetch(entry.request.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body,
    });
    if (response.status !== 401) return response;
    rejected = token;
  }
  throw new KeepForLater('push answered 401');
}

/**
 * Replays queued pushes one by one with a fresh token. An entry goes back on the queue on a network
 * error, 401 or 5xx (throwing asks the browser to try the sync again later); any other answer ends it,
 * since the server has then either applied the push or stored its mutations as rejections.
 */
export async function replayPushes(queue: ReplayQueue, worker: ReplayWorker): Promise<void> {
  let replayed = false;
  try {
    for (let entry = await queue.shiftRequest(); entry; entry = await queue.shiftRequest()) {
      try {
        const response = await deliver(entry);
        if (response.status >= 500) throw new KeepForLater(`push answered ${response.status}`);
        replayed = true;
      } catch (error) {
        await queue.unshiftRequest(entry);
        throw error;
      }
    }
  } finally {
    // Also when a later entry failed: what was delivered should show on the pages now.
    if (replayed) {
      const message: WorkerToPage = { type: 'PUSH_REPLAYED' };
      for (const client of await worker.clients.matchAll({ type: 'window' })) client.postMessage(message);
    }
  }
}
