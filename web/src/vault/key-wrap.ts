/**
 * Wrapping the data key (WebCrypto): AES-GCM under a key derived from a password (PBKDF2-SHA-256),
 * or under the server's escrow key for this device. The wrap is bound to whom it is for (AES-GCM's
 * additional data), so one person's wrap cannot be passed off as another's.
 */
export type Wrapped = { iv: Uint8Array<ArrayBuffer>; wrapped: Uint8Array<ArrayBuffer> };

/** The password did not open the wrap (or the wrap is damaged: the same for the person). */
export class WrongPasswordError extends Error {
  constructor() {
    super('wrong password');
    this.name = 'WrongPasswordError';
  }
}

const text = new TextEncoder();

export function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(length));
}

export async function passwordKey(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  const base = await crypto.subtle.importKey('raw', text.encode(password), 'PBKDF2', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** A new wrap's password key: a fresh salt, and the key PBKDF2 makes from the password with it. */
export type PasswordKey = { salt: Uint8Array<ArrayBuffer>; iterations: number; key: CryptoKey };

export async function newPasswordKey(password: string, iterations: number): Promise<PasswordKey> {
  const salt = randomBytes(16);
  return { salt, iterations, key: await passwordKey(password, salt, iterations) };
}

export function rawAesKey(bytes: Uint8Array<ArrayBuffer>) {
  return crypto.subtle.importKey('raw', bytes, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

export async function wrapKey(dataKey: Uint8Array, by: CryptoKey, boundTo: string): Promise<Wrapped> {
  const iv = randomBytes(12);
  const copy = new Uint8Array(dataKey); // WebCrypto wants an ArrayBuffer-backed view
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: text.encode(boundTo) }, by, copy);
  copy.fill(0);
  return { iv, wrapped: new Uint8Array(sealed) };
}

export async function unwrapKey(entry: Wrapped, by: CryptoKey, boundTo: string): Promise<Uint8Array> {
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: entry.iv, additionalData: text.encode(boundTo) },
      by,
      entry.wrapped,
    );
    return new Uint8Array(plain);
  } catch {
    throw new WrongPasswordError();
  }
}

/** Seals a short text (a refresh token) with the data key itself. */
export async function sealText(value: string, dataKey: Uint8Array, boundTo: string): Promise<Wrapped> {
  const key = await rawAesKey(new Uint8Array(dataKey));
  const iv = randomBytes(12);
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: text.encode(boundTo) },
    key,
    text.encode(value),
  );
  return { iv, wrapped: new Uint8Array(sealed) };
}

export async function openText(entry: Wrapped, dataKey: Uint8Array, boundTo: string): Promise<string> {
  const key = await rawAesKey(new Uint8Array(dataKey));
  return new TextDecoder().decode(await unwrapKey(entry, key, boundTo));
}
