/*
 * A push sealed for the server (issue 37): ECDH P-256 with a fresh key per body, HKDF-SHA-256, AES-256-GCM,
 * all WebCrypto, so the tablet, its service worker and the server share this one file and no package.
 * The tablet holds only the server's public key: once sealed, neither it nor a thief with its storage can
 * read a body back; only the server's private key opens it. No zod here: the service worker loads it.
 */

type Subtle = typeof globalThis.crypto.subtle;
/** WebCrypto's key type, named without the DOM's or Node's globals (this file compiles under both). */
export type WebKey = Awaited<ReturnType<Subtle['importKey']>>;
export type WebKeyPair = { publicKey: WebKey; privateKey: WebKey };
/** The fields of an EC JSON Web Key this code uses. */
export type EcJwk = { kty?: string; crv?: string; x?: string; y?: string; d?: string };

/** The server's public key as the tablet keeps it: its id and the JWK (kty EC, crv P-256, x, y). */
export type SealPublicKey = { kid: string; jwk: EcJwk };

/** What travels (and waits in the worker's queue): nothing in it is readable without the server's key. */
export type SealedEnvelope = {
  v: 1;
  /** Which of the server's keys it was sealed to (a rotated key stays accepted for a while). */
  kid: string;
  /** The sender's one-time public key, raw (65 bytes), base64url. */
  epk: string;
  /** AES-GCM nonce (12 bytes), base64url. */
  iv: string;
  /** The ciphertext with its tag, base64url. */
  ct: string;
};

export const SEALED_VERSION = 1;
const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const;
const INFO = 'clinic sealed push v1';

const subtle = () => globalThis.crypto.subtle;
const utf8 = new TextEncoder();

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  const base64 = btoa(binary).replace(/\+/g, '-').replace(/\//g, '_');
  // The padding by hand: `/=+$/` retries from every `=` of a long run, quadratic (tests/regex-safety).
  let end = base64.length;
  while (end > 0 && base64[end - 1] === '=') end--;
  return base64.slice(0, end);
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The key id: the first 16 bytes of SHA-256 over the raw public key, so both sides compute the same. */
export async function sealKeyId(publicKey: WebKey): Promise<string> {
  const raw = new Uint8Array(await subtle().exportKey('raw', publicKey));
  return toBase64Url(new Uint8Array(await subtle().digest('SHA-256', raw)).slice(0, 16));
}

async function aesKey(shared: ArrayBuffer, epk: Uint8Array<ArrayBuffer>, kid: string, usage: 'encrypt' | 'decrypt') {
  const ikm = await subtle().importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  return subtle().deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: epk, info: utf8.encode(`${INFO}:${kid}`) },
    ikm,
    { name: 'AES-GCM', length: 256 },
    false,
    [usage],
  );
}

const aad = (kid: string, epk: string) => utf8.encode(`clinic-sealed-push/${SEALED_VERSION}:${kid}:${epk}`);

/** Seals `payload` (any JSON) to the server's public key. */
export async function sealFor(server: SealPublicKey, payload: unknown): Promise<SealedEnvelope> {
  const serverKey = await subtle().importKey(
    'jwk',
    { kty: 'EC', crv: 'P-256', x: server.jwk.x, y: server.jwk.y },
    ECDH,
    false,
    [],
  );
  const own = await subtle().generateKey(ECDH, false, ['deriveBits']);
  const shared = await subtle().deriveBits({ name: 'ECDH', public: serverKey }, own.privateKey, 256);
  const epkRaw = new Uint8Array(await subtle().exportKey('raw', own.publicKey));
  const epk = toBase64Url(epkRaw);
  const key = await aesKey(shared, epkRaw, server.kid, 'encrypt');
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const plain = utf8.encode(JSON.stringify(payload));
  const ct = await subtle().encrypt({ name: 'AES-GCM', iv, additionalData: aad(server.kid, epk) }, key, plain);
  return { v: SEALED_VERSION, kid: server.kid, epk, iv: toBase64Url(iv), ct: toBase64Url(new Uint8Array(ct)) };
}

/** Opens an envelope with the server's private key (ECDH, deriveBits); throws when it does not open. */
export async function openSealed(privateKey: WebKey, envelope: SealedEnvelope): Promise<unknown> {
  const epkRaw = fromBase64Url(envelope.epk);
  const ephemeral = await subtle().importKey('raw', epkRaw, ECDH, false, []);
  const shared = await subtle().deriveBits({ name: 'ECDH', public: ephemeral }, privateKey, 256);
  const key = await aesKey(shared, epkRaw, envelope.kid, 'decrypt');
  const plain = await subtle().decrypt(
    { name: 'AES-GCM', iv: fromBase64Url(envelope.iv), additionalData: aad(envelope.kid, envelope.epk) },
    key,
    fromBase64Url(envelope.ct),
  );
  return JSON.parse(new TextDecoder().decode(plain)) as unknown;
}
