import { japanDay, japanDayStart } from '@clinic/sync-protocol/rules';
import { ApiError } from './envelope';

export const STORAGE_QUOTA_MESSAGES = {
  daily: '本日受け付けられるログの量を超えました。明日になると再び送信できます',
  full: 'サーバーのログ保存容量がいっぱいです。管理者に連絡してください',
} as const;

export interface StorageLimits {
  /** Bytes that may arrive in one Japan day. */
  dailyBytes: number;
  /** Bytes kept in all; past it the oldest (from before today) are pruned to make room. */
  totalBytes: number;
}

export interface StoredBytes {
  total: number;
  today: number;
}

/** Where the quota's bytes are kept: measured from the database, pruned oldest first. */
export interface QuotaStore {
  /** Bytes held in all, and those that arrived since `dayStart` (ISO time). */
  measure(dayStart: string): Promise<StoredBytes>;
  /** Deletes the oldest holdings that arrived before `before` until `bytes` are freed or none are left. */
  pruneOldest(bytes: number, before: string): Promise<void>;
}

/** Pruning frees this share of the total beyond what is needed, so it runs in batches, not on every upload. */
const PRUNE_SLACK = 0.05;

export interface StorageQuota {
  /** Admits `bytes` more, or throws 429 (today's budget spent) or 507 (no room even after pruning). */
  reserve(bytes: number): Promise<void>;
  /** Forgets the counted bytes: the next reservation measures them again (after a prune, or a store that kept less). */
  invalidate(): void;
  /**
   * Reserves `bytes`, then runs `write`; when it fails or kept less (an entry sent again), the bytes
   * are measured again next time rather than guessed.
   */
  keep<T>(bytes: number, write: () => Promise<T>, keptAll: (result: T) => boolean): Promise<T>;
}

/**
 * A byte budget per day and in all for what anyone may send without logging in. The bytes are
 * measured from the database once, then counted in memory as uploads are admitted (one server
 * process serves the clinic); reservations take turns so two uploads cannot both take the last room.
 */
export function storageQuota(store: QuotaStore, limits: StorageLimits, now: () => Date): StorageQuota {
  let known: { day: string; bytes: StoredBytes } | null = null;
  let turn: Promise<unknown> = Promise.resolve();

  async function admit(bytes: number): Promise<void> {
    const day = japanDay(now());
    const dayStart = japanDayStart(day)!.toISOString();
    if (known?.day !== day) known = { day, bytes: await store.measure(dayStart) };
    if (known.bytes.today + bytes > limits.dailyBytes)
      throw new ApiError(429, 'RATE_LIMITED', STORAGE_QUOTA_MESSAGES.daily);
    if (known.bytes.total + bytes > limits.totalBytes) {
      const needed = known.bytes.total + bytes - limits.totalBytes + Math.floor(limits.totalBytes * PRUNE_SLACK);
      // Today's uploads are never pruned: the daily budget bounds them, and they are the newest evidence.
      await store.pruneOldest(needed, dayStart);
      known = { day, bytes: await store.measure(dayStart) };
      if (known.bytes.total + bytes > limits.totalBytes)
        throw new ApiError(507, 'STORAGE_FULL', STORAGE_QUOTA_MESSAGES.full);
    }
    known.bytes.total += bytes;
    known.bytes.today += bytes;
  }

  return {
    reserve(bytes) {
      const run = turn.then(() => admit(bytes));
      turn = run.catch(() => undefined);
      return run;
    },
    invalidate() {
      known = null;
    },
    async keep(bytes, write, keptAll) {
      await this.reserve(bytes);
      try {
        const result = await write();
        if (!keptAll(result)) this.invalidate();
        return result;
      } catch (error) {
        this.invalidate();
        throw error;
      }
    },
  };
}
