import type { Queue } from 'workbox-background-sync';
import { isUsable } from '../api/refresh-policy';
import { postWithToken, refreshInWorker } from '../api/worker-requests';
import { type MirroredTokens, readMirroredTokens, withRefreshLock, writeMirroredTokens } from '../auth/session-mirror';
import type { WorkerToPage } from './sw-messages';

/** What a replay uses of the queue and of the worker; the page build's tests pass fakes. */
export type ReplayQueue = Pick<Queue, 'shiftRequest' | 'unshiftRequest'>;
export type ReplayWorker = {
  clients: {
    matchAll(options: { type: 'window' }): Promise<ReadonlyArray<{ postMessage(message: WorkerToPage): void }>>;
  };
};

type QueueEntry = NonNullable<Awaited<ReturnType<ReplayQueue['shiftRequest']>>>;

class KeepForLater extends Error {}

/**
 * A current access token from IndexedDB, refreshed (under the lock the page shares) when it is about
 * to expire or when the server has just refused `rejected`: the page's rule (api/refresh-policy), since
 * the worker cannot load the page's session code. A token the page rotated meanwhile is used as it is.
 */
async function currentToken(rejected: string | null): Promise<string | null> {
  return withRefreshLock(async () => {
    const tokens = await readMirroredTokens();
    if (!tokens || tokens.expiresAt <= Date.now()) return null;
    if (isUsable(tokens, rejected)) return tokens.accessToken;
    const outcome = await refreshInWorker(tokens.refreshToken);
    if (outcome.kind === 'refused') {
      await writeMirroredTokens(null);
      return null;
    }
    if (outcome.kind === 'failed') throw new KeepForLater(outcome.reason);
    const { accessToken, refreshToken, accessTokenExpiresIn } = outcome.tokens;
    const next: MirroredTokens = {
      ...tokens,
      accessToken,
      refreshToken,
      accessTokenExpiresAt: Date.now() + accessTokenExpiresIn * 1000,
    };
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
    const response = await postWithToken(entry.request.url, body, token);
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
