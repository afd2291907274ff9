import { describe, expect, it } from 'vitest';
import { type MessageScope, holdDataKey } from './sw-key-holder';
import type { VaultFromWorker, VaultToWorker } from './worker-key-messages';

function fakeWorker() {
  let listener: Parameters<MessageScope['addEventListener']>[1] = () => undefined;
  let now = 1_000;
  holdDataKey({ addEventListener: (_type, l) => (listener = l) }, () => now);
  const send = (message: VaultToWorker) =>
    new Promise<VaultFromWorker>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event: MessageEvent<VaultFromWorker>) => {
        channel.port1.close();
        resolve(event.data);
      };
      listener({ data: message, ports: [channel.port2] });
    });
  return { send, advance: (ms: number) => (now += ms) };
}

const key = () => new Uint8Array(32).fill(5);

describe('the service worker holding the data key', () => {
  it('gives the key back to the same person only', async () => {
    const worker = fakeWorker();
    await worker.send({ type: 'VAULT_KEY_PUT', userId: 'u1', key: key().buffer, until: 5_000 });
    expect(new Uint8Array((await worker.send({ type: 'VAULT_KEY_GET', userId: 'u1' })).key ?? [])).toEqual(key());
    expect((await worker.send({ type: 'VAULT_KEY_GET', userId: 'u2' })).key).toBeNull();
  });

  it('forgets it on the page’s word and at the end of the session', async () => {
    const worker = fakeWorker();
    await worker.send({ type: 'VAULT_KEY_PUT', userId: 'u1', key: key().buffer, until: 5_000 });
    await worker.send({ type: 'VAULT_KEY_FORGET' });
    expect((await worker.send({ type: 'VAULT_KEY_GET', userId: 'u1' })).key).toBeNull();
    await worker.send({ type: 'VAULT_KEY_PUT', userId: 'u1', key: key().buffer, until: 5_000 });
    worker.advance(4_000);
    expect((await worker.send({ type: 'VAULT_KEY_GET', userId: 'u1' })).key).toBeNull();
  });
});
