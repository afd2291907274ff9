import { japanDay, japanDayStart } from '@clinic/sync-protocol/rules';
import { ApiError } from './envelope';

export const STORAGE_QUOTA_MESSAGES = {
  daily: '本日受け付けられるログの量を超えました。明日になると再び送信できます',
  address: 'この接続元から本日受け付けられるログの量を超えました。明日になると再び送信できます',
  full: 'サーバーのログ保存容量がいっぱいです。管理者に連絡してください',
} as const;

export interface StorageLimits {
  /** Bytes that may arrive in one Japan day from anonymous senders (and as much again from the clinic's own). */
  dailyBytes: number;
  /** Bytes kept in all; past it the oldest (from before today) are pruned to make room. */
  totalBytes: number;
  /** The part of `dailyBytes` one address may send in a day (0.1: a tenth); 1 by default. */
  addressShare?: number;
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

/**
 * Who sends: the client's address, and whether it is one of the clinic's own (a registered device's
 * credential or a signed-in session, see known-sender.ts). The clinic's own have a day's budget of
 * their own, so no anonymous sender can spend it.
 */
export interface QuotaSender {
  address: string;
  trusted: boolean;
}

/** Pruning frees this share of the total beyond what is needed, so it runs in batches, not on every upload. */
const PRUNE_SLACK = 0.05;

export interface StorageQuota {
  /** Admits `bytes` more, or throws 429 (today's budget, or the address's share, spent) or 507 (no room even after pruning). */
  reserve(bytes: number, sender: QuotaSender): Promise<void>;
  /** Forgets the counted bytes: the next reservation measures them again (after a prune, or a store that kept less). */
  invalidate(): void;
  /**
   * Reserves `bytes`, then runs `write`; when it fails or kept less (an entry sent again), the bytes
   * are measured again next time rather than guessed.
   */
  keep<T>(bytes: number, sender: QuotaSender, write: () => Promise<T>, keptAll: (result: T) => boolean): Promise<T>;
}

type Known = {
  day: string;
  /** The totals must be measured again (after a prune, or a store that kept less). */
  stale: boolean;
  bytes: StoredBytes;
  /** Today's bytes from the clinic's own senders, and from each anonymous address (since this process started). */
  trusted: number;
  byAddress: Map<string, number>;
};

/**
 * A byte budget per day and in all for what may be sent without logging in, in bytes as stored
 * (UTF-8). The bytes are measured from the database once, then counted in memory as uploads are
 * admitted (one server process serves the clinic); reservations take turns so two uploads cannot both
 * take the last room. After a restart today's bytes all count as anonymous and each address starts
 * from nothing: the day's budget still holds, and the clinic's own senders are never refused by it.
 */
export function storageQuota(store: QuotaStore, limits: StorageLimits, now: () => Date): StorageQuota {
  let known: Known | null = null;
  let turn: Promise<unknown> = Promise.resolve();
  const addressBytes = Math.floor(limits.dailyBytes * (limits.addressShare ?? 1));

  async function admit(bytes: number, sender: QuotaSender): Promise<void> {
    const day = japanDay(now());
    const dayStart = japanDayStart(day)!.toISOString();
    if (known?.day !== day)
      known = { day, stale: false, bytes: await store.measure(dayStart), trusted: 0, byAddress: new Map() };
    else if (known.stale) known = { ...known, stale: false, bytes: await store.measure(dayStart) };
    const fromAddress = known.byAddress.get(sender.address) ?? 0;
    if (sender.trusted) {
      if (known.trusted + bytes > limits.dailyBytes)
        throw new ApiError(429, 'RATE_LIMITED', STORAGE_QUOTA_MESSAGES.daily);
    } else {
      if (known.bytes.today - known.trusted + bytes > limits.dailyBytes)
        throw new ApiError(429, 'RATE_LIMITED', STORAGE_QUOTA_MESSAGES.daily);
      if (fromAddress + bytes > addressBytes) throw new ApiError(429, 'RATE_LIMITED', STORAGE_QUOTA_MESSAGES.address);
    }
    if (known.bytes.total + bytes > limits.totalBytes) {
      const needed = known.bytes.total + bytes - limits.totalBytes + Math.floor(limits.totalBytes * PRUNE_SLACK);
      // Today's uploads are never pruned: the daily budgets bound them, and they are the newest evidence.
      await store.pruneOldest(needed, dayStart);
      known.bytes = await store.measure(dayStart);
      if (known.bytes.total + bytes > limits.totalBytes)
        throw new ApiError(507, 'STORAGE_FULL', STORAGE_QUOTA_MESSAGES.full);
    }
    known.bytes.total += bytes;
    known.bytes.today += bytes;
    if (sender.trusted) known.trusted += bytes;
    else known.byAddress.set(sender.address, fromAddress + bytes);
  }

  return {
    reserve(bytes, sender) {
      const run = turn.then(() => admit(bytes, sender));
      turn = run.catch(() => undefined);
      return run;
    },
    invalidate() {
      // The totals are measured again; who sent what today is kept, the database does not know it.
      if (known) known.stale = true;
    },
    async keep(bytes, sender, write, keptAll) {
      await this.reserve(bytes, sender);
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
