import { createGcm, type Gcm } from './aes-gcm';
import { dataKey, onDataKeyChange } from './data-key';

/**
 * The one place personal data is sealed with the device's data key (AES-256-GCM): rows by the Dexie
 * middleware (seal-middleware.ts), files by the media store. Sealed bytes are nonce (12) ‖ ciphertext ‖
 * tag (16), the layout WebCrypto produces too, so either side can open the other's. The `aad` names what
 * the bytes are (a table, a file field): a sealed value moved to another table does not open.
 * Without a key in memory every call throws VaultLockedError (fail closed).
 */

const NONCE = 12;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

let cached: { key: Uint8Array; gcm: Gcm } | null = null;
let subtleKey: { key: Uint8Array; crypto: Promise<CryptoKey> } | null = null;
onDataKeyChange(() => {
  cached = null;
  subtleKey = null;
});

/** The cipher for the current key; its GHASH table is built once per key, not per row. */
function gcm(): Gcm {
  const key = dataKey();
  if (cached?.key !== key) cached = { key, gcm: createGcm(key) };
  return cached.gcm;
}

// Random nonces drawn from a pool: one getRandomValues call per 256 rows instead of one per row (a
// call costs as much as sealing a small row). 96 random bits per message, as WebCrypto users do.
let pool = new Uint8Array(0);
let poolAt = 0;
function nonce(): Uint8Array {
  if (poolAt + NONCE > pool.length) {
    pool = crypto.getRandomValues(new Uint8Array(NONCE * 256));
    poolAt = 0;
  }
  poolAt += NONCE;
  return pool.subarray(poolAt - NONCE, poolAt);
}

const aadCache = new Map<string, Uint8Array<ArrayBuffer>>();
function aadBytes(aad: string): Uint8Array<ArrayBuffer> {
  let bytes = aadCache.get(aad);
  if (!bytes) aadCache.set(aad, (bytes = encoder.encode(aad)));
  return bytes;
}

export function sealBytes(plain: Uint8Array, aad: string): Uint8Array {
  const cipher = gcm();
  const iv = nonce();
  const body = cipher.encrypt(iv, plain, aadBytes(aad));
  const out = new Uint8Array(NONCE + body.length);
  out.set(iv);
  out.set(body, NONCE);
  return out;
}

export function openBytes(sealed: Uint8Array, aad: string): Uint8Array {
  return gcm().decrypt(sealed.subarray(0, NONCE), sealed.subarray(NONCE), aadBytes(aad));
}

/** A JSON value sealed (rows are JSON: their fields come from the server's schemas or the outbox). */
export function sealJson(value: unknown, aad: string): Uint8Array {
  return sealBytes(encoder.encode(JSON.stringify(value)), aad);
}

export function openJson<T = unknown>(sealed: Uint8Array, aad: string): T {
  return JSON.parse(decoder.decode(openBytes(sealed, aad))) as T;
}

/**
 * A file (photo, video piece, thumbnail) as the device keeps it. `size` and `type` stay readable: the
 * space accounting and the upload need them, and the capture's record holds both anyway.
 */
export type SealedBlob = { sealed: Uint8Array<ArrayBuffer>; type: string; size: number };

export function isSealedBlob(value: unknown): value is SealedBlob {
  return typeof value === 'object' && value !== null && (value as SealedBlob).sealed instanceof Uint8Array;
}

/** WebCrypto for files: asynchronous (never inside a transaction), but at GB/s where the rows' cipher does MB/s. */
function webCryptoKey(): Promise<CryptoKey> {
  const key = dataKey();
  if (subtleKey?.key !== key) {
    subtleKey = {
      key,
      crypto: crypto.subtle.importKey('raw', new Uint8Array(key), 'AES-GCM', false, ['encrypt', 'decrypt']),
    };
  }
  return subtleKey.crypto;
}

/** Seals a file before the transaction that stores it (its bytes cannot be read inside one). */
export async function sealBlob(blob: Blob, aad: string): Promise<SealedBlob> {
  const key = await webCryptoKey();
  const iv = crypto.getRandomValues(new Uint8Array(NONCE));
  const plain = new Uint8Array(await blob.arrayBuffer());
  const body = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aadBytes(aad) }, key, plain),
  );
  const sealed = new Uint8Array(NONCE + body.length);
  sealed.set(iv);
  sealed.set(body, NONCE);
  return { sealed, type: blob.type, size: blob.size };
}

/** The file back; a plain Blob (stored before files were sealed) is returned as it is. */
export async function openBlob(stored: SealedBlob | Blob | null | undefined, aad: string): Promise<Blob | null> {
  if (!stored) return null;
  if (!isSealedBlob(stored)) return stored;
  const key = await webCryptoKey();
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: stored.sealed.subarray(0, NONCE), additionalData: aadBytes(aad) },
    key,
    stored.sealed.subarray(NONCE),
  );
  return new Blob([plain], { type: stored.type });
}
