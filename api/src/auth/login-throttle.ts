import type { HashTurn } from './hash-pool';

/**
 * What one address may try. The account's own lockout (lockout.repository.ts, 5 in 15 minutes) stays
 * the spec's; these bound what an address can cost the server and the clinic's other logins.
 */
export interface LoginLimits {
  /** Failed logins one address may make in `windowMs`; past them it is refused before any hashing. */
  addressMaxFailures: number;
  windowMs: number;
  /** Password checks one address may have running or waiting at once; more are refused at once. */
  addressMaxPending: number;
  /** Checks of one account (or one unknown ID) at once, whatever the address: its lockout cannot be outrun. */
  accountMaxPending: number;
  /** How long an address someone logged in from goes first in the hashing queue. */
  knownForMs: number;
  /**
   * Password checks a second, all together, for addresses nobody logged in from lately (a burst of
   * four first); more are refused at once. A flood from many fresh addresses then gets at most that
   * share of a core, and the clinic's own addresses are not counted.
   */
  strangerChecksPerSecond: number;
}

/**
 * A clinic's tablets may share one address (a NAT): 30 failures in 15 minutes is far beyond what its
 * staff mistype, and leaves an attacker 2 guesses a minute.
 */
export const LOGIN_LIMITS: LoginLimits = {
  addressMaxFailures: 30,
  windowMs: 15 * 60 * 1000,
  addressMaxPending: 4,
  accountMaxPending: 2,
  knownForMs: 30 * 24 * 60 * 60 * 1000,
  // Some 40 % of a core at ~0.4 s a check; a new tablet's first login still gets through.
  strangerChecksPerSecond: 1,
};

export interface LoginThrottle {
  /** True when the address has used its failures: refused without a look at the password. */
  blocked(address: string): boolean;
  /** The turn its password check takes in the hashing queue (hash-pool.ts). */
  turnOf(address: string): HashTurn;
  /** Counts a failed login; true when this one reaches the address's limit. */
  fail(address: string): boolean;
  /** False when the address is a stranger's and strangers have used this second's checks (then refuse it). */
  mayCheck(address: string): boolean;
  /**
   * True for the first attempt refused during one lock of an account (or unknown ID): only that one is
   * written to the access log, so a flood on a locked account costs no write (and no fsync) each.
   */
  firstRefusal(account: string, lockedUntil: string): boolean;
  /** True when someone logged in from the address lately (for `knownForMs`): one of the clinic's own. */
  knows(address: string): boolean;
  /** Someone logged in from the address: its checks go first from now on (for `knownForMs`). */
  succeed(address: string): void;
  /** Runs `check` unless the account has its most checks under way (then null, nothing run). */
  forAccount<T>(account: string, check: () => Promise<T>): Promise<T | null>;
}

/**
 * Per address and per account, in memory: one server process serves the clinic, and a restart only
 * forgives. The maps are swept when large, so addresses sprayed at it cannot grow them for good.
 */
export function loginThrottle(limits: LoginLimits, now: () => Date): LoginThrottle {
  const failures = new Map<string, { start: number; count: number }>();
  const pending = new Map<string, number>();
  /** Addresses someone logged in from, and when: the clinic's own, which a flood from elsewhere must not delay. */
  const known = new Map<string, number>();
  const isKnown = (address: string) => now().getTime() - (known.get(address) ?? -Infinity) < limits.knownForMs;
  const refused = new Map<string, string>();
  const BURST = 4;
  const strangers = { tokens: BURST, at: performance.now() };

  const current = (address: string) => {
    const window = failures.get(address);
    return window && now().getTime() - window.start < limits.windowMs ? window.count : 0;
  };

  return {
    blocked: (address) => current(address) >= limits.addressMaxFailures,
    turnOf: (address) => ({
      lane: address,
      standing: isKnown(address) ? -1 : current(address),
      maxPending: limits.addressMaxPending,
      reserve: isKnown(address) && current(address) === 0,
    }),
    fail(address) {
      const at = now().getTime();
      if (failures.size > 10_000) sweep(failures, at - limits.windowMs);
      const count = current(address) + 1;
      const start = count === 1 ? at : (failures.get(address)?.start ?? at);
      failures.set(address, { start, count });
      return count === limits.addressMaxFailures;
    },
    mayCheck(address) {
      if (isKnown(address)) return true;
      const at = performance.now();
      strangers.tokens = Math.min(
        BURST,
        strangers.tokens + ((at - strangers.at) / 1000) * limits.strangerChecksPerSecond,
      );
      strangers.at = at;
      if (strangers.tokens < 1) return false;
      strangers.tokens -= 1;
      return true;
    },
    knows: isKnown,
    firstRefusal(account, lockedUntil) {
      if (refused.get(account) === lockedUntil) return false;
      if (refused.size > 10_000) refused.clear();
      refused.set(account, lockedUntil);
      return true;
    },
    succeed(address) {
      const at = now().getTime();
      if (known.size > 10_000) sweep(known, at - limits.knownForMs);
      known.set(address, at);
    },
    async forAccount(account, check) {
      const busy = pending.get(account) ?? 0;
      if (busy >= limits.accountMaxPending) return null;
      pending.set(account, busy + 1);
      try {
        return await check();
      } finally {
        const left = (pending.get(account) ?? 1) - 1;
        if (left === 0) pending.delete(account);
        else pending.set(account, left);
      }
    },
  };
}

function sweep(entries: Map<string, { start: number } | number>, before: number) {
  for (const [key, entry] of entries)
    if ((typeof entry === 'number' ? entry : entry.start) < before) entries.delete(key);
}
