import { sql } from 'kysely';
import type { Db } from '../db/dialect';

export const LOCKOUT = {
  maxFailures: 5,
  windowMs: 15 * 60 * 1000,
  lockMs: 15 * 60 * 1000,
} as const;

type CountingTable = 'users' | 'login_failures';

/**
 * One more failure, on either table (they share the columns). Failures count within a window that
 * starts at the first failure; the increment runs in SQL so concurrent attempts are not lost.
 */
function countFailure(table: CountingTable, now: Date) {
  const first = sql.ref(`${table}.first_failed_login_at`);
  const count = sql.ref(`${table}.failed_login_count`);
  const windowStart = new Date(now.getTime() - LOCKOUT.windowMs).toISOString();
  // ISO-8601 strings of one format compare correctly as text on both dialects.
  const freshWindow = sql<boolean>`${first} is null or ${first} <= ${windowStart}`;
  return {
    failed_login_count: sql<number>`case when ${freshWindow} then 1 else ${count} + 1 end`,
    first_failed_login_at: sql<string>`case when ${freshWindow} then ${now.toISOString()} else ${first} end`,
  };
}

/** The lock a failure count reaches; the counter then starts over for after the lock. */
const lock = (now: Date) => ({
  locked_until: new Date(now.getTime() + LOCKOUT.lockMs).toISOString(),
  failed_login_count: 0,
  first_failed_login_at: null,
});

const reachesLock = (row: { failed_login_count: number | string } | undefined) =>
  row !== undefined && Number(row.failed_login_count) >= LOCKOUT.maxFailures;

/** Counts one failed login of an account. Returns true when this failure locks it. */
export async function recordFailedLogin(db: Db, userId: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set(countFailure('users', now))
    .where('id', '=', userId)
    .returning('failed_login_count')
    .executeTakeFirst();
  if (!reachesLock(row)) return false;
  await db.updateTable('users').set(lock(now)).where('id', '=', userId).execute();
  return true;
}

/** A successful login: the failure history is forgotten and the login time kept. */
export async function recordSuccessfulLogin(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ failed_login_count: 0, first_failed_login_at: null, locked_until: null, last_login: now.toISOString() })
    .where('id', '=', userId)
    .execute();
}

/**
 * Counts one failed login that named no account, exactly as for an account, so that an unknown
 * name is locked out too and the answers do not tell which names exist. `loginKey` is the keyed hash
 * of the normalized name (login-key.ts): the table must not keep what people type (a password in the
 * wrong field). Returns true when this failure locks the name.
 */
export async function recordFailedUnknownLogin(db: Db, loginKey: string, now: Date): Promise<boolean> {
  await forgetSettledUnknownLogins(db, now);
  const row = await db
    .insertInto('login_failures')
    .values({
      login_hash: loginKey,
      failed_login_count: 1,
      first_failed_login_at: now.toISOString(),
      locked_until: null,
    })
    .onConflict((oc) => oc.column('login_hash').doUpdateSet(countFailure('login_failures', now)))
    .returning('failed_login_count')
    .executeTakeFirst();
  if (!reachesLock(row)) return false;
  await db.updateTable('login_failures').set(lock(now)).where('login_hash', '=', loginKey).execute();
  return true;
}

/** Until when an unknown name is locked, or null. */
export async function unknownLoginLockedUntil(db: Db, loginKey: string, now: Date): Promise<string | null> {
  const row = await db
    .selectFrom('login_failures')
    .select('locked_until')
    .where('login_hash', '=', loginKey)
    .where('locked_until', '>', now.toISOString())
    .executeTakeFirst();
  return row?.locked_until ?? null;
}

/** Rows whose lock and window have both passed count for nothing: a name sprayer cannot grow the table for good. */
async function forgetSettledUnknownLogins(db: Db, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - LOCKOUT.windowMs).toISOString();
  await db
    .deleteFrom('login_failures')
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now.toISOString())]))
    .where((eb) => eb.or([eb('first_failed_login_at', 'is', null), eb('first_failed_login_at', '<=', windowStart)]))
    .execute();
}
