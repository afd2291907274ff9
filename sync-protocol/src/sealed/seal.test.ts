import { describe, expect, it } from 'vitest';
import { fromBase64Url, openSealed, sealFor, sealKeyId } from './seal';

async function serverKey() {
  const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
  const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
  return { pair, pub: { kid: await sealKeyId(pair.publicKey), jwk } };
}

describe('sealed push envelope', () => {
  it('opens with the server key only, and names nothing of what it carries', async () => {
    const { pair, pub } = await serverKey();
    const payload = { name: '山田 花子', credential: 'c'.repeat(43) };
    const sealed = await sealFor(pub, payload);
    expect(JSON.stringify(sealed)).not.toContain('山田');
    expect(JSON.stringify(sealed)).not.toContain('ccc');
    expect(await openSealed(pair.privateKey, sealed)).toEqual(payload);
    const other = await serverKey();
    await expect(openSealed(other.pair.privateKey, sealed)).rejects.toThrow();
  });

  it('refuses a body changed on the way (one bit of the ciphertext, or another key id)', async () => {
    const { pair, pub } = await serverKey();
    const sealed = await sealFor(pub, { a: 1 });
    const bytes = fromBase64Url(sealed.ct);
    bytes[0]! ^= 1;
    const flipped = {
      ...sealed,
      ct: btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, ''),
    };
    await expect(openSealed(pair.privateKey, flipped)).rejects.toThrow();
    await expect(openSealed(pair.privateKey, { ...sealed, kid: 'other' })).rejects.toThrow();
  });

  it('seals each body with a fresh key: the same push twice gives two different envelopes', async () => {
    const { pub } = await serverKey();
    const [a, b] = [await sealFor(pub, { a: 1 }), await sealFor(pub, { a: 1 })];
    expect(a.epk).not.toBe(b.epk);
    expect(a.ct).not.toBe(b.ct);
    expect(a.epk).toHaveLength(87);
    expect(a.iv).toHaveLength(16);
  });
});
