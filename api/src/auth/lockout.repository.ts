import { sql } from 'kysely';
import type { Db } from '../db/dialect';

export const LOCKOUT = {
  maxFailures: 5,
  windowMs: 15 * 60 * 1000,
  lockMs: 15 * 60 * 1000,
} as const;

/**
 * Counts one failed login. Failures count within a window that starts at the first failure; the
 * increment runs in SQL so concurrent attempts are not lost. Returns true when this failure locks
 * the account (the counter then starts over for after the lock).
 */
export async function recordFailedLogin(db: Db, userId: string, now: Date): Promise<boolean> {
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - LOCKOUT.windowMs).toISOString();
  // ISO-8601 strings of one format compare correctly as text on both dialects.
  const freshWindow = sql<boolean>`first_failed_login_at is null or first_failed_login_at <= ${windowStart}`;
  const row = await db
    .updateTable('users')
    .set({
      failed_login_count: sql<number>`case when ${freshWindow} then 1 else failed_login_count + 1 end`,
      first_failed_login_at: sql<string>`case when ${freshWindow} then ${nowIso} else first_failed_login_at end`,
    })
    .where('id', '=', userId)
    .returning('failed_login_count')
    .executeTakeFirst();
  if (!row || Number(row.failed_login_count) < LOCKOUT.maxFailures) return false;
  await db
    .updateTable('users')
    .set({
      locked_until: new Date(now.getTime() + LOCKOUT.lockMs).toISOString(),
      failed_login_count: 0,
      first_failed_login_at: null,
    })
    .where('id', '=', userId)
    .execute();
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
