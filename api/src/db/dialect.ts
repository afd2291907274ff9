import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import type { Database } from './database';

/** Repository functions take either the database or a transaction; the route decides which. */
export type Db = Kysely<Database> | Transaction<Database>;

// Typed loosely on purpose: migrations use Kysely<any> and must not import app types.
export function isPostgres(db: { getExecutor(): { adapter: unknown } }): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Flags are 0/1 on both dialects (SQLite cannot bind booleans). */
export const fromFlag = (value: number | string | boolean): boolean => Boolean(Number(value));

/** `pg` returns count(*) and bigint as strings. */
export const toCount = (value: number | string | bigint | null | undefined): number => Number(value ?? 0);

/** A UNIQUE violation, whichever driver raised it (SQLite, pg, PGlite). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
