import { ctr } from '@noble/ciphers/aes.js';

/**
 * AES-256-GCM (NIST SP 800-38D), synchronous, for sealing rows inside a Dexie transaction (an await on
 * WebCrypto there lets IndexedDB commit the transaction early). The AES block cipher is @noble/ciphers'
 * public CTR mode; GHASH is computed here with an 8-bit table built once per key. noble's own `gcm`
 * rebuilds its GHASH table for every message, which was two thirds of the time of a customer-sized row.
 * The output is WebCrypto's and noble's format (ciphertext ‖ 16-byte tag); aes-gcm.test.ts checks both
 * ways against WebCrypto for many lengths, so a mistake here cannot pass unnoticed.
 */
export type Gcm = {
  /** nonce (12 bytes, unique per message) → ciphertext ‖ tag. */
  encrypt(nonce: Uint8Array, plaintext: Uint8Array, aad: Uint8Array): Uint8Array;
  /** ciphertext ‖ tag → plaintext, or throws when the tag does not match (tampered, wrong key). */
  decrypt(nonce: Uint8Array, sealed: Uint8Array, aad: Uint8Array): Uint8Array;
};

const ZERO_BLOCK = new Uint8Array(16);

/** The GHASH key H = AES_K(0^128) as a table: T[p·256 + b] = (byte b at position p) · H, 4 big-endian words each. */
function ghashTable(key: Uint8Array): Int32Array {
  // CTR with a zero counter block encrypts that block first: its keystream's first block is AES_K(0).
  const h = ctr(key, new Uint8Array(16)).encrypt(ZERO_BLOCK);
  let a = read32(h, 0);
  let b = read32(h, 4);
  let c = read32(h, 8);
  let d = read32(h, 12);
  // H · x^i for i = 0…127 (bit i of a block is bit 7 - i%8 of byte i/8: GCM's reflected order).
  const single = new Int32Array(128 * 4);
  for (let i = 0; i < 128; i++) {
    single.set([a, b, c, d], i * 4);
    const lsb = d & 1;
    d = (d >>> 1) | (c << 31);
    c = (c >>> 1) | (b << 31);
    b = (b >>> 1) | (a << 31);
    a = (a >>> 1) ^ (lsb ? 0xe1000000 : 0);
  }
  const table = new Int32Array(16 * 256 * 4);
  for (let p = 0; p < 16; p++) {
    for (let byte = 1; byte < 256; byte++) {
      const low = byte & -byte;
      const bit = p * 8 + (7 - Math.log2(low));
      const from = (p * 256 + (byte ^ low)) * 4;
      const to = (p * 256 + byte) * 4;
      for (let w = 0; w < 4; w++) table[to + w] = table[from + w]! ^ single[bit * 4 + w]!;
    }
  }
  return table;
}

const read32 = (bytes: Uint8Array, at: number) =>
  (bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!;

/** The running GHASH value Y as four big-endian words; one per call (rows are sealed one at a time). */
const y = new Int32Array(4);
const tail = new Uint8Array(16);

/** Y = (Y ⊕ X) · H for one block X given as words: 16 table lookups, one per byte of Y ⊕ X. */
function multiply(table: Int32Array, x0: number, x1: number, x2: number, x3: number): void {
  let o0 = 0;
  let o1 = 0;
  let o2 = 0;
  let o3 = 0;
  const words = [y[0]! ^ x0, y[1]! ^ x1, y[2]! ^ x2, y[3]! ^ x3] as const;
  for (let w = 0; w < 4; w++) {
    const word = words[w]!;
    const base = w * 1024;
    let t = (base + (word >>> 24)) << 2;
    o0 ^= table[t]!;
    o1 ^= table[t + 1]!;
    o2 ^= table[t + 2]!;
    o3 ^= table[t + 3]!;
    t = (base + 256 + ((word >>> 16) & 255)) << 2;
    o0 ^= table[t]!;
    o1 ^= table[t + 1]!;
    o2 ^= table[t + 2]!;
    o3 ^= table[t + 3]!;
    t = (base + 512 + ((word >>> 8) & 255)) << 2;
    o0 ^= table[t]!;
    o1 ^= table[t + 1]!;
    o2 ^= table[t + 2]!;
    o3 ^= table[t + 3]!;
    t = (base + 768 + (word & 255)) << 2;
    o0 ^= table[t]!;
    o1 ^= table[t + 1]!;
    o2 ^= table[t + 2]!;
    o3 ^= table[t + 3]!;
  }
  y[0] = o0;
  y[1] = o1;
  y[2] = o2;
  y[3] = o3;
}

/** Every 16-byte block of `data`, the last one zero-padded. */
function absorb(table: Int32Array, data: Uint8Array): void {
  const full = data.length - (data.length % 16);
  for (let at = 0; at < full; at += 16) {
    multiply(table, read32(data, at), read32(data, at + 4), read32(data, at + 8), read32(data, at + 12));
  }
  if (full < data.length) {
    tail.fill(0);
    tail.set(data.subarray(full));
    multiply(table, read32(tail, 0), read32(tail, 4), read32(tail, 8), read32(tail, 12));
  }
}

/** GHASH_H(A ‖ pad ‖ C ‖ pad ‖ len(A) ‖ len(C)) into `out` (16 bytes). */
function ghash(table: Int32Array, aad: Uint8Array, data: Uint8Array, out: Uint8Array): void {
  y.fill(0);
  absorb(table, aad);
  absorb(table, data);
  // Lengths in bits as two 64-bit big-endian numbers (the high words are 0 below 512 MB).
  const high = (bytes: number) => Math.floor((bytes * 8) / 2 ** 32) | 0;
  multiply(table, high(aad.length), (aad.length * 8) | 0, high(data.length), (data.length * 8) | 0);
  for (let w = 0; w < 4; w++) {
    out[w * 4] = y[w]! >>> 24;
    out[w * 4 + 1] = (y[w]! >>> 16) & 255;
    out[w * 4 + 2] = (y[w]! >>> 8) & 255;
    out[w * 4 + 3] = y[w]! & 255;
  }
}

/** J0 = nonce ‖ 0x00000001 for a 96-bit nonce. */
function firstCounter(nonce: Uint8Array): Uint8Array {
  if (nonce.length !== 12) throw new Error('aes-gcm: nonce must be 12 bytes');
  const j0 = new Uint8Array(16);
  j0.set(nonce);
  j0[15] = 1;
  return j0;
}

/**
 * CTR from J0 over [16 zero bytes ‖ data]: the first block gives AES_K(J0) (the tag mask), the rest is
 * the payload's keystream from inc32(J0), as GCM wants (noble's 128-bit increment equals inc32 for any
 * message below 2^32 blocks, 64 GB).
 */
function counterMode(key: Uint8Array, nonce: Uint8Array, data: Uint8Array): { mask: Uint8Array; out: Uint8Array } {
  const input = new Uint8Array(16 + data.length);
  input.set(data, 16);
  const output = ctr(key, firstCounter(nonce)).encrypt(input);
  return { mask: output.subarray(0, 16), out: output.subarray(16) };
}

export function createGcm(key: Uint8Array): Gcm {
  if (key.length !== 32) throw new Error('aes-gcm: key must be 32 bytes');
  const table = ghashTable(key);
  return {
    encrypt(nonce, plaintext, aad) {
      const { mask, out: ciphertext } = counterMode(key, nonce, plaintext);
      const sealed = new Uint8Array(ciphertext.length + 16);
      sealed.set(ciphertext);
      const tag = sealed.subarray(ciphertext.length);
      ghash(table, aad, ciphertext, tag);
      for (let i = 0; i < 16; i++) tag[i] = tag[i]! ^ mask[i]!;
      return sealed;
    },
    decrypt(nonce, sealed, aad) {
      if (sealed.length < 16) throw new Error('aes-gcm: sealed data too short');
      const ciphertext = sealed.subarray(0, sealed.length - 16);
      const expected = new Uint8Array(16);
      ghash(table, aad, ciphertext, expected);
      const { mask, out: plaintext } = counterMode(key, nonce, ciphertext);
      // Compared in constant time over the 16 bytes; a wrong tag leaves no plaintext behind.
      let diff = 0;
      for (let i = 0; i < 16; i++) diff |= expected[i]! ^ mask[i]! ^ sealed[ciphertext.length + i]!;
      if (diff !== 0) {
        plaintext.fill(0);
        throw new Error('aes-gcm: invalid tag');
      }
      return plaintext;
    },
  };
}
