import type { VaultFromWorker, VaultToWorker } from './worker-key-messages';

/** How long the page waits for the worker's answer before it goes on without (then the lock asks). */
const ANSWER_MS = 1_500;
/** How long the login page waits for a just-registered worker to become active. */
const READY_MS = 5_000;
const PING_MS = 20_000;

const workers = () => ('serviceWorker' in navigator ? navigator.serviceWorker : null);

function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return Promise.race([promise, new Promise<T>((resolve) => setTimeout(() => resolve(fallback), ms))]);
}

function ask(worker: ServiceWorker | null | undefined, message: VaultToWorker): Promise<VaultFromWorker | null> {
  if (!worker) return Promise.resolve(null);
  const channel = new MessageChannel();
  const answer = new Promise<VaultFromWorker>((resolve) => {
    channel.port1.onmessage = (event: MessageEvent<VaultFromWorker>) => resolve(event.data);
  });
  worker.postMessage(message, [channel.port2]);
  return within(answer, ANSWER_MS, null).finally(() => channel.port1.close());
}

/** The active worker, waiting a little for one registered moments ago (the login page's first visit). */
async function activeWorker(wait: boolean): Promise<ServiceWorker | null> {
  const container = workers();
  if (!container) return null;
  if (container.controller) return container.controller;
  const registration = await container.getRegistration().catch(() => undefined);
  if (registration?.active || !wait) return registration?.active ?? null;
  return within(
    container.ready.then((r) => r.active),
    READY_MS,
    null,
  );
}

/** Lends the key to the worker until `until` (the session's end); false where there is no worker. */
export async function lendKeyToWorker(userId: string, key: Uint8Array, until: number): Promise<boolean> {
  const copy = key.slice();
  const answer = await ask(await activeWorker(true), { type: 'VAULT_KEY_PUT', userId, key: copy.buffer, until });
  return answer?.ok === true;
}

/** The key the worker holds for this person, or null (browser was closed, worker restarted, no worker). */
export async function keyFromWorker(userId: string): Promise<Uint8Array | null> {
  const answer = await ask(await activeWorker(false), { type: 'VAULT_KEY_GET', userId });
  return answer?.key ? new Uint8Array(answer.key) : null;
}

/** Sign-out, lock, session end, wipe: the worker forgets the key. */
export async function forgetKeyInWorker(): Promise<void> {
  await ask(await activeWorker(false), { type: 'VAULT_KEY_FORGET' });
}

/** Keeps the worker (and the key it holds) alive while this page is open; returns the stop. */
export function keepWorkerAwake(): () => void {
  const timer = setInterval(() => void activeWorker(false).then((w) => ask(w, { type: 'VAULT_PING' })), PING_MS);
  return () => clearInterval(timer);
}
