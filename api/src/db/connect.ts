import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type Dialect, Kysely, PostgresDialect, type SqliteDatabase as KyselySqlite } from 'kysely';
import pg from 'pg';
import type { Database } from './database';
import { WRITER_CHECKPOINT_PAGES, startCheckpointer } from './checkpointer';
import { FairSqliteDialect } from './fair-sqlite';
import { preparedStatementPool } from './pg-prepared';
import { safeSqliteDialect } from './sqlite-dialect';
import { withStatementCache } from './statement-cache';

export interface DbOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
}

export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//i.test(url);
}

/** PostgreSQL when DATABASE_URL is a postgres URL, otherwise the embedded SQLite file in dataDir. */
export function createDb({ dataDir, databaseUrl }: DbOptions): Kysely<Database> {
  if (isPostgresUrl(databaseUrl)) {
    return new Kysely<Database>({ dialect: appPostgresDialect(resilientPool(databaseUrl)) });
  }
  mkdirSync(dataDir, { recursive: true });
  return new Kysely<Database>({ dialect: appSqliteDialect(join(dataDir, 'clinic.sqlite')) });
}

/**
 * Connections the server keeps to PostgreSQL. Pushes no longer queue on a counter row (versions come from
 * a sequence, see sync/counters.repository.ts), and a connection inside a request spends most of its time
 * waiting for the server's next statement rather than on a core, so ten keep two cores busy without
 * letting a burst of 200 tablets start more transactions than PostgreSQL can run at once.
 */
export const POSTGRES_POOL_SIZE = 10;

/**
 * A pg pool that survives PostgreSQL going away (a restart, pg_terminate_backend, a crash): pg emits
 * 'error' on the pool for an idle connection that dies, and on a client for one that dies while a
 * request holds it between statements; with no listener either event ends the process. Both are
 * logged (once per outage) and the dead connection is dropped; the request that used it fails with a
 * connection error (503, see app.ts) and the next one gets a fresh connection, so service resumes by
 * itself once PostgreSQL is back.
 */
export function resilientPool(connectionString: string, max = POSTGRES_POOL_SIZE): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS });
  let reported = false;
  const report = (error: Error) => {
    if (reported) return;
    reported = true;
    console.error(`PostgreSQL connection lost (${describePgError(error)}); reconnecting on the next request`);
  };
  pool.on('error', report);
  pool.on('connect', (client) => {
    // A new connection: PostgreSQL is reachable again, so the next loss is reported again.
    reported = false;
    client.on('error', report);
  });
  return pool;
}

/** A request waits this long for a connection before it is answered 503 (PostgreSQL down: no hang). */
export const POSTGRES_CONNECT_TIMEOUT_MS = 5_000;

/** pg's error as a log line names it: its SQLSTATE or socket code and message. */
export function describePgError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? `${code}: ${error.message}` : error.message;
}

/** PostgreSQL through a pool whose statements are prepared once per connection (see pg-prepared.ts). */
export function appPostgresDialect(pool: pg.Pool): Dialect {
  return new PostgresDialect({ pool: preparedStatementPool(pool) });
}

/**
 * The app's SQLite file behind a connection served first come, first served (see fair-sqlite.ts), with
 * atomic migrations and the original error of a transaction SQLite rolled back itself (sqlite-dialect.ts).
 */
export function appSqliteDialect(file: string): Dialect {
  const database = openAppSqlite(file);
  return safeSqliteDialect(new FairSqliteDialect({ database }), database.stopped);
}

export function openSqlite(file: string): SqliteDatabase.Database {
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers run beside the writer; busy_timeout waits instead of failing on a lock.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  // FULL: every commit is fsynced before it returns, so an answer that says "saved" survives a power
  // cut (NORMAL in WAL mode could undo the last commits that tablets had already dropped from their
  // outboxes). A push is one transaction, so this costs one fsync per push, not per mutation.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  return sqlite;
}

/**
 * The app's SQLite file as Kysely uses it: prepared statements reused, and the WAL checkpointed by a
 * background connection so the writer's commits stay short (see checkpointer.ts).
 */
export function openAppSqlite(file: string): KyselySqlite & { stopped: () => Promise<void> } {
  const sqlite = openSqlite(file);
  sqlite.pragma(`wal_autocheckpoint = ${WRITER_CHECKPOINT_PAGES}`);
  const checkpointer = startCheckpointer(file);
  const statements = withStatementCache(sqlite);
  let stopped: Promise<void> = Promise.resolve();
  return {
    prepare: (sql) => statements.prepare(sql),
    close() {
      stopped = checkpointer.stop();
      statements.close();
    },
    // Kysely's destroy() does not wait for close(); the dialect waits for this instead (sqlite-dialect.ts).
    stopped: () => stopped,
  };
}
