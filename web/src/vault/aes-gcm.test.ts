import { gcm } from '@noble/ciphers/aes.js';
import { describe, expect, it } from 'vitest';
import { createGcm } from './aes-gcm';

const random = (n: number) => crypto.getRandomValues(new Uint8Array(new ArrayBuffer(n)));

type Bytes = Uint8Array<ArrayBuffer>;

async function webCryptoSeal(key: Bytes, nonce: Bytes, plain: Bytes, aad: Bytes) {
  const cryptoKey = await crypto.subtle.importKey('raw', key, 'AES-GCM', false, ['encrypt']);
  return new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce, additionalData: aad }, cryptoKey, plain),
  );
}

describe('AES-256-GCM with a cached GHASH table', () => {
  it('seals exactly as WebCrypto and noble do, for every length around the block edges and longer ones', async () => {
    const key = random(32);
    const ours = createGcm(key);
    for (const length of [0, 1, 15, 16, 17, 31, 32, 33, 100, 344, 1000, 5000]) {
      for (const aadLength of [0, 9, 16, 40]) {
        const nonce = random(12);
        const plain = random(length);
        const aad = random(aadLength);
        const sealed = ours.encrypt(nonce, plain, aad);
        expect(sealed).toEqual(await webCryptoSeal(key, nonce, plain, aad));
        expect(sealed).toEqual(gcm(key, nonce, aad).encrypt(plain));
        expect(ours.decrypt(nonce, sealed, aad)).toEqual(plain);
      }
    }
  });

  it('opens what WebCrypto sealed', async () => {
    const key = random(32);
    const nonce = random(12);
    const plain = new TextEncoder().encode('山田 花子 090-1234-5678');
    const aad = new TextEncoder().encode('customers');
    expect(createGcm(key).decrypt(nonce, await webCryptoSeal(key, nonce, plain, aad), aad)).toEqual(plain);
  });

  it('refuses a changed byte, another table’s label or another key', () => {
    const key = random(32);
    const nonce = random(12);
    const aad = new TextEncoder().encode('customers');
    const sealed = createGcm(key).encrypt(nonce, random(50), aad);
    const flipped = sealed.slice();
    flipped[3]! ^= 1;
    expect(() => createGcm(key).decrypt(nonce, flipped, aad)).toThrow(/invalid tag/);
    expect(() => createGcm(key).decrypt(nonce, sealed, new TextEncoder().encode('visits'))).toThrow(/invalid tag/);
    expect(() => createGcm(random(32)).decrypt(nonce, sealed, aad)).toThrow(/invalid tag/);
  });
});
