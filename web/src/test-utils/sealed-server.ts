import { openSealed, type SealedEnvelope, sealKeyId } from '@clinic/sync-protocol/sealed';
import { jsonResponse, ok, sentBody } from './fixtures';

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/**
 * A fake server's fetch that also speaks the sealed push (issue 37): it gives a key of its own at
 * /api/sync/seal-key and opens what comes to /api/sync/sealed-push with it, handing the push inside to
 * `fake` as if it had come to /api/sync/push. The fakes of the tests stay as they were written.
 */
export function withSealedPushes(fake: Fetch): Fetch {
  let keys: Promise<{ privateKey: CryptoKey; publicKey: { kid: string; jwk: JsonWebKey } }> | null = null;
  const make = async () => {
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
    const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
    const publicKey = { kid: await sealKeyId(pair.publicKey), jwk: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y } };
    return { privateKey: pair.privateKey, publicKey };
  };
  return async (url, init) => {
    if (url === '/api/sync/seal-key') {
      try {
        await fake(url, init);
      } catch (error) {
        if (error instanceof TypeError) throw error; // the fake's network is down; else it knows no such route
      }
      return jsonResponse(200, ok((await (keys ??= make())).publicKey));
    }
    if (url !== '/api/sync/sealed-push') return fake(url, init);
    const { privateKey } = await (keys ??= make());
    const { push } = (await openSealed(privateKey, JSON.parse(sentBody(init)) as SealedEnvelope)) as { push: unknown };
    return fake('/api/sync/push', { ...init, body: JSON.stringify(push) });
  };
}
