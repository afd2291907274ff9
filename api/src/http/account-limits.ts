import { japanDay } from '@clinic/sync-protocol/rules';

/**
 * What one signed-in account may leave on the server (issue 35): a stolen login or a broken device
 * can fill the disk with refused changes or unfinished uploads. Generous for a clinic's day (a
 * receptionist's tablet takes some tens of photos and a few videos), small next to the disk.
 */
export interface AccountLimits {
  /** Bytes of refused changes (their args as stored) one push may store; the rest waits on the device. */
  rejectionBytesPerPush: number;
  /** The same per account per Japan day. */
  rejectionBytesPerDay: number;
  /** Resumable uploads one account may have begun and not finished (those begun over a day ago no longer count). */
  openUploads: number;
  /** Bytes of photos and videos one account may begin uploading per Japan day. */
  uploadBytesPerDay: number;
}

const MiB = 1024 * 1024;
export const ACCOUNT_LIMITS: AccountLimits = {
  rejectionBytesPerPush: 1 * MiB,
  rejectionBytesPerDay: 16 * MiB,
  openUploads: 20,
  uploadBytesPerDay: 20 * 1024 * MiB,
};

/**
 * A count per account per Japan day, in memory: one server process serves the clinic, and a restart
 * only forgives (the per-request bounds still hold).
 */
export function dailyTally(now: () => Date) {
  const spent = new Map<string, { day: string; amount: number }>();
  const today = (account: string) => {
    const day = japanDay(now());
    const entry = spent.get(account);
    if (entry?.day === day) return entry;
    if (spent.size > 10_000) for (const [key, old] of spent) if (old.day !== day) spent.delete(key);
    const fresh = { day, amount: 0 };
    spent.set(account, fresh);
    return fresh;
  };
  return {
    used: (account: string) => today(account).amount,
    add(account: string, amount: number) {
      today(account).amount += amount;
    },
  };
}
export type DailyTally = ReturnType<typeof dailyTally>;
