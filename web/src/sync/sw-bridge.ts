import type { PushRequest } from '@clinic/sync-protocol';
import type { ClinicDb } from '../data/clinic-db';
import type { Register } from './device-credential';
import { sealPush } from './seal-push';
import type { PageToWorker, SealedForWorker, WorkerToPage } from './sw-messages';

function post(message: PageToWorker): void {
  navigator.serviceWorker?.controller?.postMessage(message);
}

/**
 * Seals the outbox's pushes for the server and hands them to the worker's queue (issue 37). Sealed with the
 * key kept from the last time online; a device that never synced has neither key nor credential, and its
 * outbox alone keeps the changes.
 */
export async function queueInWorker(db: ClinicDb, requests: PushRequest[], register: Register): Promise<void> {
  if (!navigator.serviceWorker?.controller) return;
  const bodies: SealedForWorker[] = [];
  for (const request of requests) {
    const body = await sealPush(db, request, register, { cachedOnly: true });
    if (!body) return;
    bodies.push({ body, through: request.mutations[request.mutations.length - 1]?.id ?? 0 });
  }
  post({ type: 'QUEUE_SEALED_PUSHES', bodies });
}

/** Everything reached the server: the worker's copies are dropped (sending them again would change nothing). */
export function clearWorkerQueue(): void {
  post({ type: 'QUEUE_SEALED_PUSHES', bodies: [] });
}

/** The network is back: the worker replays now instead of waiting for the browser's sync back-off. */
export function askWorkerToReplay(): void {
  post({ type: 'REPLAY_SEALED_PUSHES' });
}

/** Calls `onReplayed` when the worker has delivered a queued push, so the page pulls at once. */
export function onWorkerReplayed(onReplayed: () => void): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  const listener = (event: MessageEvent<WorkerToPage>) => {
    if (event.data?.type === 'SEALED_PUSHES_REPLAYED') onReplayed();
  };
  navigator.serviceWorker.addEventListener('message', listener);
  return () => navigator.serviceWorker.removeEventListener('message', listener);
}
