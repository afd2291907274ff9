import type { VaultFromWorker, VaultToWorker } from './worker-key-messages';

/** How long the page waits for the worker's answer before it goes on without (then the lock asks). */
const ANSWER_MS = 1_500;
/** How long the login page waits for its worker's registration when none is there yet (a busy tablet's first visit). */
const READY_MS = 15_000;
const PING_MS = 20_000;

const workers = () => ('serviceWorker' in navigator ? navigator.serviceWorker : null);

function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return Promise.race([promise, new Promise<T>((resolve) => setTimeout(() => resolve(fallback), ms))]);
}

function ask(worker: ServiceWorker, message: VaultToWorker): Promise<VaultFromWorker | null> {
  const channel = new MessageChannel();
  const answer = new Promise<VaultFromWorker>((resolve) => {
    channel.port1.onmessage = (event: MessageEvent<VaultFromWorker>) => resolve(event.data);
  });
  worker.postMessage(message, [channel.port2]);
  return within(answer, ANSWER_MS, null).finally(() => channel.port1.close());
}

/**
 * Every worker of this page's registration: the one in control, and a newer one still installing or waiting.
 * A worker holds the key from its first script run, so the login page need not wait for a first install's
 * precache (12 MB with the face models, seconds on a tablet) to finish: the installing worker takes the
 * key and keeps it when it becomes the active one.
 */
async function registeredWorkers(): Promise<ServiceWorker[]> {
  const container = workers();
  if (!container) return [];
  const registration = await container.getRegistration().catch(() => undefined);
  const found = [container.controller, registration?.active, registration?.waiting, registration?.installing];
  return [...new Set(found.filter((worker): worker is ServiceWorker => Boolean(worker)))];
}

/**
 * The workers, waiting a little for one the login page registers at this moment (its very first visit):
 * an installing worker takes the key too, so the wait is for its registration, not its whole precache.
 * Nothing else can carry the key to the app that opens next (nothing stored may open it).
 */
async function workersForLending(): Promise<ServiceWorker[]> {
  const container = workers();
  if (!container) return [];
  const until = Date.now() + READY_MS;
  for (;;) {
    const now = await registeredWorkers();
    if (now.length > 0 || Date.now() >= until) return now;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function askEach(message: VaultToWorker, found: ServiceWorker[]): Promise<(VaultFromWorker | null)[]> {
  return Promise.all(found.map((worker) => ask(worker, message)));
}

/** Lends the key to the worker until `until` (the session's end); false where there is no worker. */
export async function lendKeyToWorker(userId: string, key: Uint8Array, until: number): Promise<boolean> {
  const lent = await Promise.all(
    (await workersForLending()).map((worker) =>
      ask(worker, { type: 'VAULT_KEY_PUT', userId, key: key.slice().buffer, until }),
    ),
  );
  return lent.some((answer) => answer?.ok === true);
}

/** The key a worker holds for this person, or null (browser was closed, worker restarted, no worker). */
export async function keyFromWorker(userId: string): Promise<Uint8Array | null> {
  const answers = await askEach({ type: 'VAULT_KEY_GET', userId }, await registeredWorkers());
  const key = answers.find((answer) => answer?.key)?.key;
  return key ? new Uint8Array(key) : null;
}

/** Sign-out, lock, session end, wipe: every worker forgets the key. */
export async function forgetKeyInWorker(): Promise<void> {
  await askEach({ type: 'VAULT_KEY_FORGET' }, await registeredWorkers());
}

/** Keeps the worker (and the key it holds) alive while this page is open; returns the stop. */
export function keepWorkerAwake(): () => void {
  const timer = setInterval(
    () => void registeredWorkers().then((found) => askEach({ type: 'VAULT_PING' }, found)),
    PING_MS,
  );
  return () => clearInterval(timer);
}
