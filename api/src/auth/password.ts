import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { type HashTurn, hashPool } from './hash-pool';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP's figure for scrypt (N=2^17, r=8, p=1): 128 MiB and ~0.3 s a hash on this class of machine.
 * Hashes made with an older cost are redone at the next successful login (see needsRehash).
 */
export const DEFAULT_SCRYPT_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/**
 * Hashes at once: two, but never all the cores. Each scrypt keeps a core busy for its whole ~0.4 s,
 * and on a two-core machine two of them left the event loop (health checks, syncs) no core at all
 * while logins were flooded. Taken in a fair order between senders (hash-pool.ts); 32 waiting is some
 * seconds of work, past which attempts from addresses of no good standing are answered at once.
 */
const HASH_SLOTS = Math.max(1, Math.min(2, availableParallelism() - 1));
/**
 * One more only for a person at one of the clinic's addresses with no failure lately (HashTurn.reserve):
 * behind a stranger's check (~0.4 s) their login took twice as long; beside it, as long as when quiet.
 * A flood cannot use it, since its attempts fail.
 */
const pool = hashPool(HASH_SLOTS, 32, 1);
/** The server's own hashing (seeding, an administrator creating an account) waits in a lane of its own. */
const SERVER_TURN: HashTurn = { lane: 'server', standing: 0, maxPending: Infinity };

/** Hashes started so far, for tests that show a refusal hashed nothing. */
export const hashesStarted = () => pool.started;

function scrypt(password: string, salt: Buffer, cost: ScryptCost, turn: HashTurn): Promise<Buffer> {
  // scrypt needs 128 * r * (N + p + 2) bytes; Node refuses more than maxmem (32 MiB by default), so
  // N=2^17 needs it raised. Twice the need plus 1 MiB: a limit, not what is allocated.
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 };
  return pool.run(
    () =>
      new Promise((resolve, reject) => {
        scryptCb(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
          err ? reject(err) : resolve(key),
        );
      }),
    turn,
  );
}

/** `scrypt$N$r$p$salt$hash` (base64url parts): the cost travels with the hash, so it can be raised later. */
export async function hashPassword(
  password: string,
  cost: ScryptCost = DEFAULT_SCRYPT_COST,
  turn: HashTurn = SERVER_TURN,
): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(password, salt, cost, turn);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** The parts of a stored hash, or null when it is not one of ours. */
function parseHash(stored: string): { cost: ScryptCost; salt: string; hash: string } | null {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || salt === undefined || hash === undefined) return null;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (![cost.N, cost.r, cost.p].every((v) => Number.isInteger(v) && v > 0)) return null;
  return { cost, salt, hash };
}

/** Throws HashLaneFull, before hashing, when the turn's lane has its most checks pending. */
export async function verifyPassword(password: string, stored: string, turn: HashTurn = SERVER_TURN): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const { cost, salt, hash } = parsed;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), cost, turn);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * True when a stored hash was made with another cost than the current one: after a successful check
 * (the password is known then) it is hashed again, so old accounts move to the new cost as they log in.
 */
export function needsRehash(stored: string, cost: ScryptCost = DEFAULT_SCRYPT_COST): boolean {
  const parsed = parseHash(stored);
  return parsed !== null && (parsed.cost.N !== cost.N || parsed.cost.r !== cost.r || parsed.cost.p !== cost.p);
}

const dummyHashes = new Map<string, Promise<string>>();

/**
 * Spends the same time as a real check, for logins naming no account: the answer time must not
 * tell an attacker which user names exist.
 */
export async function verifyAgainstDummy(
  password: string,
  cost: ScryptCost = DEFAULT_SCRYPT_COST,
  turn: HashTurn = SERVER_TURN,
): Promise<false> {
  const key = `${cost.N}:${cost.r}:${cost.p}`;
  let dummy = dummyHashes.get(key);
  if (!dummy) {
    dummy = hashPassword(randomBytes(16).toString('base64url'), cost);
    dummyHashes.set(key, dummy);
  }
  await verifyPassword(password, await dummy, turn);
  return false;
}
