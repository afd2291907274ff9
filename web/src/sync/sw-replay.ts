import type { Queue } from 'workbox-background-sync';
import { type MirroredTokens, readMirroredTokens, withRefreshLock, writeMirroredTokens } from '../db/session-mirror';
import type { WorkerToPage } from './sw-messages';

const REFRESH_MARGIN_MS = 30_000;

class KeepForLater extends Error {}

/** A current access token from IndexedDB, refreshed (under the shared lock) when it is about to expire. */
async function currentToken(): Promise<string | null> {
  return withRefreshLock(async () => {
    const tokens = await readMirroredTokens();
    if (!tokens || tokens.expiresAt <= Date.now()) return null;
    if (tokens.accessTokenExpiresAt - Date.now() > REFRESH_MARGIN_MS) return tokens.accessToken;
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
    const { data } = (await response.json()) as {
      data: { accessToken: string; refreshToken: string; accessTokenExpiresIn: number };
    };
    const next: MirroredTokens = {
      ...tokens,
      accessToken: data.accessToken,
      refreshToken: data.refreshToken,
      accessTokenExpiresAt: Date.now() + data.accessTokenExpiresIn * 1000,
    };
    await writeMirroredTokens(next);
    return next.accessToken;
  });
}

/**
 * Replays queued pushes one by one with a fresh token. An entry goes back on the queue on a network
 * error, 401 or 5xx (throwing asks the browser to try the sync again later); any other answer ends it,
 * since the server has then either applied the push or stored its mutations as rejections.
 */
export async function replayPushes(queue: Queue, worker: ServiceWorkerGlobalScope): Promise<void> {
  let replayed = false;
  for (let entry = await queue.shiftRequest(); entry; entry = await queue.shiftRequest()) {
    try {
      const token = await currentToken();
      if (!token) throw new KeepForLater('no usable login');
      const body = await entry.request.clone().text();
      const response = await fetch(entry.request.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
      });
      if (response.status === 401 || response.status >= 500) throw new KeepForLater(`push answered ${response.status}`);
      replayed = true;
    } catch (error) {
      await queue.unshiftRequest(entry);
      throw error;
    }
  }
  if (replayed) {
    const message: WorkerToPage = { type: 'PUSH_REPLAYED' };
    for (const client of await worker.clients.matchAll({ type: 'window' })) client.postMessage(message);
  }
}
