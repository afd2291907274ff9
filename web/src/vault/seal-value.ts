import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';

/**
 * A short secret (the session's tokens) sealed with a key given by the caller, synchronously: the
 * session store opens it in a storage event and as the data key arrives, where nothing may wait.
 * XChaCha20-Poly1305 from @noble/ciphers with a random 24-byte nonce; the output is base64 text
 * (nonce ‖ ciphertext ‖ tag) so it fits in web storage. `boundTo` names what the value is for: a
 * value copied under another name (another person's session) does not open.
 */
const NONCE = 24;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The value did not open: another key, another binding, or changed bytes. */
export class SealedValueError extends Error {
  constructor() {
    super('sealed value does not open');
    this.name = 'SealedValueError';
  }
}

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

function fromBase64(text: string): Uint8Array {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export function sealValue(value: string, key: Uint8Array, boundTo: string): string {
  const nonce = crypto.getRandomValues(new Uint8Array(NONCE));
  const body = xchacha20poly1305(key, nonce, encoder.encode(boundTo)).encrypt(encoder.encode(value));
  const out = new Uint8Array(NONCE + body.length);
  out.set(nonce);
  out.set(body, NONCE);
  return toBase64(out);
}

export function openValue(sealed: string, key: Uint8Array, boundTo: string): string {
  try {
    const bytes = fromBase64(sealed);
    if (bytes.length <= NONCE + 16) throw new SealedValueError();
    const cipher = xchacha20poly1305(key, bytes.subarray(0, NONCE), encoder.encode(boundTo));
    return decoder.decode(cipher.decrypt(bytes.subarray(NONCE)));
  } catch {
    throw new SealedValueError();
  }
}
