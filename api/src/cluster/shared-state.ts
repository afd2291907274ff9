import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database';
import { isPostgres } from '../db/dialect';

/** A count in its fixed window: `start` in ms since the epoch; 0 and the current time when none is open. */
export interface Tally {
  count: number;
  start: number;
}

/**
 * What must hold for every API process serving the clinic: counts in fixed windows per key (failed
 * logins per address, requests per address, the anonymous senders' bytes per day).
 * One process (SQLite, the default) keeps them in memory, as it always did; several processes on one
 * PostgreSQL keep them there (issue 39), so a limit holds for the cluster as a whole, not once per process.
 */
export interface SharedState {
  /** True when the counts live in the database (several processes): totals cached in memory must be measured again. */
  readonly shared: boolean;
  /**
   * Adds `amount` to the key's count in its window (a new window opens now when none is open or the
   * last one is over). With `limit`, nothing is added when the count would pass it: then null.
   */
  add(key: string, amount: number, windowMs: number, limit?: number): Promise<Tally | null>;
  /** The key's count in its open window (0 when none is open). */
  get(key: string, windowMs: number): Promise<Tally>;
  /** Opens a new window for the key now with count 1 (e.g. "someone logged in from here"). */
  stamp(key: string): Promise<void>;
}

/** Entries swept from memory when there are more (addresses sprayed at the server cannot grow them for good). */
const SWEEP_AT = 10_000;

/** One process: counts in a Map. */
export function memoryState(now: () => Date): SharedState {
  const tallies = new Map<string, { start: number; count: number; windowMs: number }>();
  const open = (key: string, windowMs: number, at: number) => {
    const entry = tallies.get(key);
    return entry && at - entry.start < windowMs ? entry : null;
  };
  const sweep = (at: number) => {
    if (tallies.size <= SWEEP_AT) return;
    for (const [key, entry] of tallies) if (at - entry.start >= entry.windowMs) tallies.delete(key);
  };
  return {
    shared: false,
    add(key, amount, windowMs, limit) {
      const at = now().getTime();
      sweep(at);
      const entry = open(key, windowMs, at) ?? { start: at, count: 0, windowMs };
      if (limit !== undefined && entry.count + amount > limit) return Promise.resolve(null);
      entry.count += amount;
      entry.windowMs = windowMs;
      tallies.set(key, entry);
      return Promise.resolve({ count: entry.count, start: entry.start });
    },
    get(key, windowMs) {
      const at = now().getTime();
      const entry = open(key, windowMs, at);
      return Promise.resolve(entry ? { count: entry.count, start: entry.start } : { count: 0, start: at });
    },
    stamp(key) {
      const at = now().getTime();
      sweep(at);
      tallies.set(key, { start: at, count: 1, windowMs: Number.POSITIVE_INFINITY });
      return Promise.resolve();
    },
  };
}

/**
 * Several processes on one PostgreSQL: each count is one row of shared_counters, changed by one
 * statement (an upsert whose condition is the limit), so two processes can never both take the last
 * of a limit, and no lock is held between statements. The window's clock is the app's (`now`), as in memory.
 */
export function postgresState(db: Kysely<Database>, now: () => Date): SharedState {
  let sweptAt = 0;
  const sweep = async (at: number) => {
    // Windows over a day old are of no use to any limit here (the longest is the account's 30 days of
    // "known address", stamped again at each login); once an hour, so the table cannot grow for good.
    if (at - sweptAt < 60 * 60 * 1000) return;
    sweptAt = at;
    await sql`delete from shared_counters where window_start < ${at - 31 * 24 * 60 * 60 * 1000}`.execute(db);
  };
  return {
    shared: true,
    async add(key, amount, windowMs, limit) {
      const at = now().getTime();
      await sweep(at);
      const cap = limit ?? Number.MAX_SAFE_INTEGER;
      if (amount > cap) return null;
      const { rows } = await sql<{ count: string; window_start: string }>`
        insert into shared_counters as c (key, window_start, count) values (${key}, ${at}, ${amount})
        on conflict (key) do update set
          window_start = case when c.window_start <= ${at - windowMs} then ${at}::bigint else c.window_start end,
          count = case when c.window_start <= ${at - windowMs} then 0 else c.count end + excluded.count
        where (case when c.window_start <= ${at - windowMs} then 0 else c.count end) + excluded.count <= ${cap}
        returning count, window_start`.execute(db);
      const row = rows[0];
      return row ? { count: Number(row.count), start: Number(row.window_start) } : null;
    },
    async get(key, windowMs) {
      const at = now().getTime();
      const { rows } = await sql<{ count: string; window_start: string }>`
        select count, window_start from shared_counters where key = ${key} and window_start > ${at - windowMs}`.execute(
        db,
      );
      const row = rows[0];
      return row ? { count: Number(row.count), start: Number(row.window_start) } : { count: 0, start: at };
    },
    async stamp(key) {
      const at = now().getTime();
      await sql`
        insert into shared_counters (key, window_start, count) values (${key}, ${at}, 1)
        on conflict (key) do update set window_start = excluded.window_start, count = 1`.execute(db);
    },
  };
}

/** In memory for SQLite (one process), in the database for PostgreSQL (any number of processes). */
export function sharedStateFor(db: Kysely<Database>, now: () => Date): SharedState {
  return isPostgres(db) ? postgresState(db, now) : memoryState(now);
}
