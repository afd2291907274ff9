import type { PushRequest } from '@clinic/sync-protocol';
import type { PageToWorker, WorkerToPage } from './sw-messages';

function post(message: PageToWorker): void {
  navigator.serviceWorker?.controller?.postMessage(message);
}

/** Hands a push that failed for the network to the worker's background-sync queue. */
export function queuePushInWorker(request: PushRequest): void {
  post({ type: 'QUEUE_PUSH', body: JSON.stringify(request) });
}

/** The network is back: the worker replays now instead of waiting for Chrome's sync back-off. */
export function askWorkerToReplay(): void {
  post({ type: 'REPLAY_PUSHES' });
}

/** Calls `onReplayed` when the worker has delivered a queued push, so the page pulls at once. */
export function onWorkerReplayed(onReplayed: () => void): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  const listener = (event: MessageEvent<WorkerToPage>) => {
    if (event.data?.type === 'PUSH_REPLAYED') onReplayed();
  };
  navigator.serviceWorker.addEventListener('message', listener);
  return () => navigator.serviceWorker.removeEventListener('message', listener);
}
