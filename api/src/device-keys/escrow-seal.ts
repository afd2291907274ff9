import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * A tablet's escrowed key as the database keeps it (issue 34): AES-256-GCM under a key derived from the
 * device-key secret, which lives outside the database (DEVICE_KEY_SECRET or DATA_DIR/device-key-secret),
 * bound to the tablet's client id. A copy of the database or of a backup opens no tablet without it.
 * Stored as `v1:` + base64(nonce ‖ ciphertext ‖ tag).
 */
const PREFIX = 'v1:';
const NONCE = 12;
const TAG = 16;

export type EscrowKey = Buffer;

export const escrowKey = (secret: string): EscrowKey =>
  createHmac('sha256', secret).update('clinic device-key escrow v1').digest();

export const isSealedEscrow = (stored: string): boolean => stored.startsWith(PREFIX);

/** Seals a key (standard base64 of 32 bytes) for `clientId`. */
export function sealEscrow(key: EscrowKey, clientId: string, plainBase64: string): string {
  const nonce = randomBytes(NONCE);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(clientId));
  const body = Buffer.concat([cipher.update(Buffer.from(plainBase64, 'base64')), cipher.final()]);
  return PREFIX + Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64');
}

/** The key back as standard base64; throws when another secret sealed it or it was moved to another id. */
export function openEscrow(key: EscrowKey, clientId: string, stored: string): string {
  const bytes = Buffer.from(stored.slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE));
  decipher.setAAD(Buffer.from(clientId));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG));
  return Buffer.concat([decipher.update(bytes.subarray(NONCE, bytes.length - TAG)), decipher.final()]).toString(
    'base64',
  );
}
