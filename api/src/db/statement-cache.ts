import type BetterSqlite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Enough for every query shape the app runs; patches with varying columns make the long tail. */
export const STATEMENT_CACHE_SIZE = 256;

/**
 * Kysely's SQLite driver calls prepare() on every execution, and preparing costs about as much as
 * running one of our small statements. This hands Kysely the same prepared statement for the same
 * SQL text (parameters are bound per call, so sharing is safe), keeping the most recently used ones.
 */
export function withStatementCache(sqlite: BetterSqlite.Database, capacity = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const cache = new Map<string, BetterSqlite.Statement>();
  return {
    prepare(sql: string): SqliteStatement {
      const cached = cache.get(sql);
      // A statement still iterating (a stream not yet finished) cannot run again; give a fresh one.
      if (cached && !cached.busy) {
        // Re-insert so the Map's order is least recently used first.
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (cached) return statement;
      cache.set(sql, statement);
      const oldest = cache.keys().next();
      if (cache.size > capacity && !oldest.done) cache.delete(oldest.value);
      return statement;
    },
    close() {
      cache.clear();
      sqlite.close();
    },
  };
}
