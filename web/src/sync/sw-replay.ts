import type { Queue } from 'workbox-background-sync';
import { SEALED_PUSH_URL, sendSealed } from './sealed-send';
import type { SealedForWorker, WorkerToPage } from './sw-messages';

/*
 * The service worker's side of the sealed queue (issue 37). The worker holds no key, no token and no
 * credential: it keeps bodies the page sealed to the server and sends them the page's own way
 * (sealed-send.ts). The server applies each mutation once by its id, so a body sent by both the page and
 * the worker, or twice, changes nothing more.
 */

/** What a replay uses of the queue and of the worker; tests pass fakes. */
export type ReplayQueue = Pick<Queue, 'shiftRequest' | 'unshiftRequest' | 'pushRequest' | 'getAll'>;
export type ReplayWorker = {
  clients: {
    matchAll(options: { type: 'window' }): Promise<ReadonlyArray<{ postMessage(message: WorkerToPage): void }>>;
  };
};

class KeepForLater extends Error {}

/** One replay at a time: the sync event, the worker's start and a page's word may come together. */
let running: Promise<void> | null = null;

/**
 * Sends the queued bodies in order. One the server applied or will never take (refused: the outbox still
 * holds its changes for the page) leaves the queue; on a network failure or a busy server it goes back and
 * the replay throws, which asks the browser for another sync later.
 */
export function replaySealed(queue: ReplayQueue, worker: ReplayWorker): Promise<void> {
  running ??= replay(queue, worker).finally(() => {
    running = null;
  });
  return running;
}

async function replay(queue: ReplayQueue, worker: ReplayWorker): Promise<void> {
  let delivered = false;
  try {
    for (let entry = await queue.shiftRequest(); entry; entry = await queue.shiftRequest()) {
      const outcome = await sendSealed(await entry.request.clone().text());
      if (outcome.kind === 'network' || outcome.kind === 'later') {
        await queue.unshiftRequest(entry);
        throw new KeepForLater(outcome.message);
      }
      delivered ||= outcome.kind === 'done';
    }
  } finally {
    // Also when a later one failed: what arrived should show on the open pages now (they pull).
    if (delivered) {
      const message: WorkerToPage = { type: 'SEALED_PUSHES_REPLAYED' };
      for (const client of await worker.clients.matchAll({ type: 'window' })) client.postMessage(message);
    }
  }
}

/** A page's newest set of sealed pushes replaces the queue (each set holds the whole outbox from its start). */
export async function replaceQueued(queue: ReplayQueue, bodies: readonly SealedForWorker[]): Promise<void> {
  const wait = running;
  if (wait) await wait.catch(() => undefined);
  while (await queue.shiftRequest()) {
    // older sets are contained in the new one
  }
  for (const { body, through } of bodies) {
    await queue.pushRequest({
      request: new Request(SEALED_PUSH_URL, { method: 'POST', body, headers: { 'content-type': 'application/json' } }),
      metadata: { through },
    });
  }
}
