import { VAULT_MESSAGE_TYPES, type VaultFromWorker, type VaultToWorker } from './worker-key-messages';

type Held = { userId: string; key: Uint8Array; until: number };
type VaultMessageEvent = { data: unknown; ports: readonly MessagePort[] };
/** The worker's global scope as far as this needs it (typed without the WebWorker library, so the page's tests load it). */
export type MessageScope = {
  addEventListener(type: 'message', listener: (event: VaultMessageEvent) => void): void;
};

/**
 * The worker's side of the key lending (worker-key.ts is the page's): one variable, answered only for
 * the same person, forgotten at the session's end, on the page's word (sign-out, lock, wipe) and
 * whenever the browser stops the worker.
 */
export function holdDataKey(scope: MessageScope, now = () => Date.now()): void {
  let held: Held | null = null;
  const forget = () => {
    held?.key.fill(0);
    held = null;
  };
  scope.addEventListener('message', (event) => {
    const message = event.data as VaultToWorker | undefined;
    if (!message || !VAULT_MESSAGE_TYPES.includes(message.type)) return;
    let reply: VaultFromWorker = { ok: true };
    switch (message.type) {
      case 'VAULT_KEY_PUT':
        forget();
        held = { userId: message.userId, key: new Uint8Array(message.key), until: message.until };
        break;
      case 'VAULT_KEY_GET':
        if (held && held.until <= now()) forget();
        reply = { ok: true, key: held?.userId === message.userId ? held.key.slice().buffer : null };
        break;
      case 'VAULT_KEY_FORGET':
        forget();
        break;
      case 'VAULT_PING':
        break;
    }
    event.ports[0]?.postMessage(reply);
  });
}
