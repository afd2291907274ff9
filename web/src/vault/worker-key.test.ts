import { afterEach, describe, expect, it } from 'vitest';
import { holdDataKey } from './sw-key-holder';
import { forgetKeyInWorker, keyFromWorker, lendKeyToWorker } from './worker-key';

type Listener = (event: { data: unknown; ports: readonly MessagePort[] }) => void;

/** A service worker as the page sees it, running the real key holder behind postMessage. */
function fakeWorker() {
  const listeners: Listener[] = [];
  holdDataKey({ addEventListener: (_type, listener) => listeners.push(listener) });
  return {
    postMessage(data: unknown, ports: MessagePort[]) {
      for (const listener of listeners) listener({ data, ports });
    },
  } as unknown as ServiceWorker;
}

/** navigator.serviceWorker with one registration in the given state, and a `ready` that never settles. */
function installWorkers(registration: { active?: ServiceWorker; waiting?: ServiceWorker; installing?: ServiceWorker }) {
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      controller: registration.active ?? null,
      getRegistration: () => Promise.resolve({ active: null, waiting: null, installing: null, ...registration }),
      ready: new Promise(() => undefined),
    },
  });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const KEY = new Uint8Array(32).fill(7);
const UNTIL = Date.now() + 60_000;

describe('lending the data key to the service worker', () => {
  it('lends it to a worker still installing (a first visit) without waiting for it to become active', async () => {
    const installing = fakeWorker();
    installWorkers({ installing });
    // `ready` never settles here: a lend that waited for the active worker would not answer true.
    await expect(lendKeyToWorker('u1', KEY, UNTIL)).resolves.toBe(true);
    await expect(keyFromWorker('u1')).resolves.toEqual(KEY);
    await expect(keyFromWorker('u2')).resolves.toBeNull();
  });

  it('lends it to the active worker and to a newer one waiting, and each forgets it', async () => {
    const active = fakeWorker();
    const waiting = fakeWorker();
    installWorkers({ active, waiting });
    await expect(lendKeyToWorker('u1', KEY, UNTIL)).resolves.toBe(true);
    installWorkers({ active: waiting });
    await expect(keyFromWorker('u1')).resolves.toEqual(KEY);
    installWorkers({ active, waiting });
    await forgetKeyInWorker();
    await expect(keyFromWorker('u1')).resolves.toBeNull();
    installWorkers({ active: waiting });
    await expect(keyFromWorker('u1')).resolves.toBeNull();
  });

  it('answers false and null where the browser has no service worker', async () => {
    await expect(lendKeyToWorker('u1', KEY, UNTIL)).resolves.toBe(false);
    await expect(keyFromWorker('u1')).resolves.toBeNull();
  });
});
