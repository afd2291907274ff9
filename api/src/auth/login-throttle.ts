import type { SharedState } from '../cluster/shared-state';
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
  blocked(address: string): Promise<boolean>;
  /** The turn its password check takes in the hashing queue (hash-pool.ts). */
  turnOf(address: string): Promise<HashTurn>;
  /** Counts a failed login; true when this one reaches the address's limit. */
  fail(address: string): Promise<boolean>;
  /** False when the address is a stranger's and strangers have used this second's checks (then refuse it). */
  mayCheck(address: string): Promise<boolean>;
  /**
   * True for the first attempt refused during one lock of an account (or unknown ID): only that one is
   * written to the access log, so a flood on a locked account costs no write (and no fsync) each.
   */
  firstRefusal(account: string, lockedUntil: string): Promise<boolean>;
  /** True when someone logged in from the address lately (for `knownForMs`): one of the clinic's own. */
  knows(address: string): Promise<boolean>;
  /** Someone logged in from the address: its checks go first from now on (for `knownForMs`). */
  succeed(address: string): Promise<void>;
  /** Runs `check` unless the account has its most checks under way (then null, nothing run). */
  forAccount<T>(account: string, check: () => Promise<T>): Promise<T | null>;
}

/**
 * Failures per address, known addresses and the first refusal of a lock are counted in the shared
 * state (cluster/shared-state.ts): this process's memory when it serves the clinic alone (a restart
 * only forgives), PostgreSQL when several do, so an address's 30 failures are 30 for the cluster.
 * Two bounds stay per process on purpose, because what they protect is the process's own core: the
 * checks under way per account (the account's lockout itself is in the database, lockout.repository.ts)
 * and the strangers' checks a second.
 */
export function loginThrottle(limits: LoginLimits, now: () => Date, state: SharedState): LoginThrottle {
  const pending = new Map<string, number>();
  const isKnown = async (address: string) => (await state.get(`login-known:${address}`, limits.knownForMs)).count > 0;
  const BURST = 4;
  const strangers = { tokens: BURST, at: performance.now() };
  const current = async (address: string) => (await state.get(`login-failures:${address}`, limits.windowMs)).count;

  return {
    blocked: async (address) => (await current(address)) >= limits.addressMaxFailures,
    async turnOf(address) {
      const [known, failures] = await Promise.all([isKnown(address), current(address)]);
      return {
        lane: address,
        standing: known ? -1 : failures,
        maxPending: limits.addressMaxPending,
        reserve: known && failures === 0,
      };
    },
    async fail(address) {
      const window = await state.add(`login-failures:${address}`, 1, limits.windowMs);
      return window?.count === limits.addressMaxFailures;
    },
    async mayCheck(address) {
      if (await isKnown(address)) return true;
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
    async firstRefusal(account, lockedUntil) {
      // One key per lock: its first refusal counts 1; the window outlasts any lock (15 minutes).
      const window = await state.add(`login-refused:${account}:${lockedUntil}`, 1, 24 * 60 * 60 * 1000);
      return window?.count === 1;
    },
    succeed: (address) => state.stamp(`login-known:${address}`),
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
