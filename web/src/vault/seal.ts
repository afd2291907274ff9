import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';
import { dataKey, onDataKeyChange } from './data-key';
import { deviceSealed } from './seal-mode';

/**
 * The one place personal data is sealed with the device's data key: rows by the Dexie middleware
 * (seal-middleware.ts), files by the media store. Rows use @noble/ciphers' XChaCha20-Poly1305
 * (synchronous, so it works inside a Dexie transaction; no table lookups on secret data); files use
 * WebCrypto's AES-256-GCM (asynchronous, far faster on megabytes).
 *
 * Sealed bytes: FORMAT (1 byte, 0x02) ‖ nonce (24, random) ‖ ciphertext ‖ tag (16). The `aad` names what
 * the bytes are: the middleware and the media store pass `boundTo(table, key, field?)`, so a value moved
 * to another row, table or field does not open. Bytes of the previous format (AES-GCM, nonce (12) ‖
 * ciphertext ‖ tag, bound to the table only) are opened by legacy-open.ts alone, for the upgrade.
 * Without a key in memory every call throws VaultLockedError (fail closed).
 */

export const FORMAT = 0x02;
const NONCE = 24;
const HEADER = 1 + NONCE;
const TAG = 16;
const FILE_NONCE = 12;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

let subtleKey: { key: Uint8Array; crypto: Promise<CryptoKey> } | null = null;
onDataKeyChange(() => (subtleKey = null));

/**
 * What a sealed value belongs to, as associated data: a table (a file field: `table.field`) and the
 * row's primary key. JSON keeps it unambiguous: 1 and "1" differ, a compound key is an array.
 */
export function boundTo(table: string, key: unknown, field?: string): string {
  return JSON.stringify(field === undefined ? [table, key] : [`${table}.${field}`, key]);
}

// Random nonces drawn from a pool: one getRandomValues call per 256 rows instead of one per row (a
// call costs as much as sealing a small row). 192 random bits per message: no collision to fear.
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
/** The labels of tables and file fields repeat; a row's bound label does not (kept out of the cache). */
function aadBytes(aad: string): Uint8Array<ArrayBuffer> {
  if (aad.startsWith('[')) return encoder.encode(aad);
  let bytes = aadCache.get(aad);
  if (!bytes) aadCache.set(aad, (bytes = encoder.encode(aad)));
  return bytes;
}

/** Whether `sealed` has this format's shape (it may still fail to open: another key, row or table). */
export function isCurrentFormat(sealed: Uint8Array): boolean {
  return sealed.length >= HEADER + TAG && sealed[0] === FORMAT;
}

export function sealBytes(plain: Uint8Array, aad: string): Uint8Array {
  const iv = nonce();
  const body = xchacha20poly1305(dataKey(), iv, aadBytes(aad)).encrypt(plain);
  const out = new Uint8Array(HEADER + body.length);
  out[0] = FORMAT;
  out.set(iv, 1);
  out.set(body, HEADER);
  return out;
}

/** The plain bytes, or throws: another format, key, label, or a changed byte. */
export function openBytes(sealed: Uint8Array, aad: string): Uint8Array {
  if (!isCurrentFormat(sealed)) throw new Error('seal: not a sealed value of this format');
  const key = dataKey();
  return xchacha20poly1305(key, sealed.subarray(1, HEADER), aadBytes(aad)).decrypt(sealed.subarray(HEADER));
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
 * space accounting and the upload need them, and the capture's record holds both anyway. `v: 2` marks a
 * file bound to its row (nonce (12) ‖ AES-256-GCM ‖ tag under `boundTo(table, key, field)`); a file
 * without it was sealed before, bound to its field only, and is sealed again by the upgrade.
 */
export type SealedBlob = { sealed: Uint8Array<ArrayBuffer>; type: string; size: number; v?: 2 };

export function isSealedBlob(value: unknown): value is SealedBlob {
  return typeof value === 'object' && value !== null && (value as SealedBlob).sealed instanceof Uint8Array;
}

/** WebCrypto for files: asynchronous (never inside a transaction), but at GB/s. */
export function webCryptoKey(): Promise<CryptoKey> {
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
  const iv = crypto.getRandomValues(new Uint8Array(FILE_NONCE));
  const plain = new Uint8Array(await blob.arrayBuffer());
  const body = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aadBytes(aad) }, key, plain),
  );
  const sealed = new Uint8Array(FILE_NONCE + body.length);
  sealed.set(iv);
  sealed.set(body, FILE_NONCE);
  return { sealed, type: blob.type, size: blob.size, v: 2 };
}

/** The file's bytes under `aad`, whatever its format's label was (for the upgrade, which knows both). */
export async function openFileBytes(stored: SealedBlob, aad: string): Promise<ArrayBuffer> {
  const key = await webCryptoKey();
  return crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: stored.sealed.subarray(0, FILE_NONCE), additionalData: aadBytes(aad) },
    key,
    stored.sealed.subarray(FILE_NONCE),
  );
}

/**
 * The file back. Once the device is sealed (seal-mode) only a file bound to its row opens: a plain Blob,
 * an older file or one moved from another row throws. Before that, an older version's file opens as it
 * was kept (a plain Blob as it is; an issue-25 file under its field's label), until the upgrade seals it again.
 */
export async function openBlob(stored: SealedBlob | Blob | null | undefined, aad: string): Promise<Blob | null> {
  if (!stored) return null;
  const current = isSealedBlob(stored) && stored.v === 2;
  if (!current && deviceSealed()) throw new Error('seal: a file not sealed for its row');
  if (!isSealedBlob(stored)) return stored;
  const label = current ? aad : legacyLabel(aad);
  return new Blob([await openFileBytes(stored, label)], { type: stored.type });
}

/** An issue-25 file was bound to its field's label alone: the first part of `boundTo`'s label. */
export function legacyLabel(aad: string): string {
  if (!aad.startsWith('[')) return aad;
  const [label] = JSON.parse(aad) as [string];
  return label;
}
