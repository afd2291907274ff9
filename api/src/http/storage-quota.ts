import { japanDay, japanDayStart } from '@clinic/sync-protocol/rules';
import type { SharedState } from '../cluster/shared-state';
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
};

/** Per-day counts outlast their day by as much again, then a new day's key is used anyway. */
const DAY_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * A byte budget per day and in all for what may be sent without logging in, in bytes as stored
 * (UTF-8). Reservations take turns so two uploads cannot both take the last room. The clinic's own
 * bytes and each address's are counted in the shared state (cluster/shared-state.ts), each added only
 * when it stays within its limit, in one step.
 *
 * One process (SQLite): the bytes are measured from the database once, then counted in memory as
 * uploads are admitted; after a restart today's bytes all count as anonymous and each address starts
 * from nothing: the day's budget still holds, and the clinic's own senders are never refused by it.
 *
 * Several processes (PostgreSQL, `state.shared`): the totals are measured at each upload, and the
 * anonymous bytes of the day are counted in the database too (the same one-step add, so two processes
 * cannot both take the day's last bytes between a measure and their writes): the budgets hold for all
 * processes together.
 */
export function storageQuota(
  store: QuotaStore,
  limits: StorageLimits,
  now: () => Date,
  state: SharedState,
): StorageQuota {
  let known: Known | null = null;
  let turn: Promise<unknown> = Promise.resolve();
  const addressBytes = Math.floor(limits.dailyBytes * (limits.addressShare ?? 1));
  const refused = (message: string) => new ApiError(429, 'RATE_LIMITED', message);

  async function admit(bytes: number, sender: QuotaSender): Promise<void> {
    const day = japanDay(now());
    const dayStart = japanDayStart(day)!.toISOString();
    if (known?.day !== day || known.stale || state.shared)
      known = { day, stale: false, bytes: await store.measure(dayStart) };
    const trustedKey = `quota-trusted:${day}`;
    const anonymousKey = `quota-anonymous:${day}`;
    const addressKey = `quota-address:${day}:${sender.address}`;
    const trusted = (await state.get(trustedKey, DAY_MS)).count;
    if (sender.trusted) {
      if (trusted + bytes > limits.dailyBytes) throw refused(STORAGE_QUOTA_MESSAGES.daily);
    } else {
      if (known.bytes.today - trusted + bytes > limits.dailyBytes) throw refused(STORAGE_QUOTA_MESSAGES.daily);
      if ((await state.get(addressKey, DAY_MS)).count + bytes > addressBytes)
        throw refused(STORAGE_QUOTA_MESSAGES.address);
    }
    if (known.bytes.total + bytes > limits.totalBytes) {
      const needed = known.bytes.total + bytes - limits.totalBytes + Math.floor(limits.totalBytes * PRUNE_SLACK);
      // Today's uploads are never pruned: the daily budgets bound them, and they are the newest evidence.
      await store.pruneOldest(needed, dayStart);
      known.bytes = await store.measure(dayStart);
      if (known.bytes.total + bytes > limits.totalBytes)
        throw new ApiError(507, 'STORAGE_FULL', STORAGE_QUOTA_MESSAGES.full);
    }
    if (sender.trusted) {
      if (!(await state.add(trustedKey, bytes, DAY_MS, limits.dailyBytes))) throw refused(STORAGE_QUOTA_MESSAGES.daily);
    } else {
      if (state.shared && !(await state.add(anonymousKey, bytes, DAY_MS, limits.dailyBytes)))
        throw refused(STORAGE_QUOTA_MESSAGES.daily);
      if (!(await state.add(addressKey, bytes, DAY_MS, addressBytes))) {
        if (state.shared) await state.add(anonymousKey, -bytes, DAY_MS);
        throw refused(STORAGE_QUOTA_MESSAGES.address);
      }
    }
    known.bytes.total += bytes;
    known.bytes.today += bytes;
  }

  const quota: StorageQuota = {
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
      await quota.reserve(bytes, sender);
      try {
        const result = await write();
        if (!keptAll(result)) quota.invalidate();
        return result;
      } catch (error) {
        quota.invalidate();
        throw error;
      }
    },
  };
  return quota;
}
