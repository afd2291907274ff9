/**
 * The device's data key while someone is signed in: 32 random bytes that seal every personal field
 * and file the device keeps (see README, 端末の暗号化). It lives in memory only: the stored copies
 * are wrapped (by each user's password, and by the server's key for this device), so a closed
 * browser, a signed-out or an expired session leaves nothing readable on the tablet.
 *
 * The idle lock keeps the key (the screen is covered; sync may go on); signing out, a session's end
 * and a wipe drop it.
 */
export class VaultLockedError extends Error {
  constructor() {
    super('端末のデータはロックされています');
    this.name = 'VaultLockedError';
  }
}

let current: Uint8Array | null = null;
const listeners = new Set<() => void>();

export function setDataKey(key: Uint8Array): void {
  if (key.length !== 32) throw new Error('data key must be 32 bytes');
  current = key;
  listeners.forEach((listener) => listener());
}

export function clearDataKey(): void {
  // Overwrite the bytes: a copy left in a heap snapshot is one less place the key can be found.
  current?.fill(0);
  current = null;
  listeners.forEach((listener) => listener());
}

export function hasDataKey(): boolean {
  return current !== null;
}

/** The key, or VaultLockedError: nothing personal is read or written without it. */
export function dataKey(): Uint8Array {
  if (!current) throw new VaultLockedError();
  return current;
}

export function onDataKeyChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
