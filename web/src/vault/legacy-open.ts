import { gcm } from '@noble/ciphers/aes.js';
import { dataKey } from './data-key';

/**
 * Opens a row an issue-25 version sealed: nonce (12) ‖ AES-256-GCM ‖ tag, bound to the table's name
 * alone. Used only until the device is marked sealed (seal-mode.ts), so a tablet just updated reads its
 * rows while the upgrade seals them again; after the mark nothing calls it. It is @noble/ciphers' own
 * AES-GCM (synchronous: the middleware opens rows inside a transaction).
 */
export function openLegacyJson(sealed: Uint8Array, table: string): unknown {
  const plain = gcm(dataKey(), sealed.subarray(0, 12), new TextEncoder().encode(table)).decrypt(sealed.subarray(12));
  return JSON.parse(new TextDecoder().decode(plain));
}
