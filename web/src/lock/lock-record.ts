import type { User } from '@clinic/sync-protocol';

/**
 * The lock, kept across a reload: a reload (or a new tab) while the screen is locked must show the lock
 * again, with the wrong attempts so far. Holds the signed-in person's profile (not secret), never a key.
 */
export type LockReason = 'idle' | 'reload' | 'expired';
export type LockRecord = { user: User; reason: LockReason; attempts: number };

export const LOCK_STORAGE_KEY = 'clinic.lock';

const storage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

export function readLockRecord(): LockRecord | null {
  try {
    const value = JSON.parse(storage()?.getItem(LOCK_STORAGE_KEY) ?? 'null') as Partial<LockRecord> | null;
    const user = value?.user;
    if (!user || typeof user.id !== 'string' || typeof user.username !== 'string') return null;
    const reason = value.reason === 'idle' || value.reason === 'expired' ? value.reason : 'reload';
    return { user, reason, attempts: typeof value.attempts === 'number' ? value.attempts : 0 };
  } catch {
    return null;
  }
}

export function writeLockRecord(record: LockRecord | null): void {
  try {
    if (record) storage()?.setItem(LOCK_STORAGE_KEY, JSON.stringify(record));
    else storage()?.removeItem(LOCK_STORAGE_KEY);
  } catch {
    // The lock still holds in this page; a reload then asks the worker, which was told to forget the key.
  }
}
