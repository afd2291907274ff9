import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { createDb, isPostgresUrl, type DbOptions } from './connect';
import type { Database } from './database';
import { migrateToLatest } from './migrate';
import { prepareSqliteFile } from './sqlite-file';
import { storageFaultOf } from './storage-health';

/** The embedded database's file in DATA_DIR. */
export const sqliteFileOf = (dataDir: string) => join(dataDir, 'clinic.sqlite');

/** How long a start waits between attempts to reach PostgreSQL. */
export const POSTGRES_RETRY_MS = 2_000;

/** A server's start on PostgreSQL waits for it: told of each failed attempt (to log it, and to answer 503 meanwhile). */
export type WaitForPostgres = { onUnreachable(error: unknown, attempt: number): void; retryMs?: number };

/**
 * The database as the server starts it: checked, migrated (atomically on both databases), then opened
 * for the app. Throws DatabaseRefused (sqlite-file.ts) rather than start on a damaged, emptied or
 * foreign SQLite file.
 */
export async function openDatabase(options: DbOptions, waiting?: WaitForPostgres): Promise<Kysely<Database>> {
  if (isPostgresUrl(options.databaseUrl)) {
    const db = createDb(options);
    for (let attempt = 1; ; attempt++) {
      try {
        // PostgreSQL's adapter already runs the Migrator in one transaction, under an advisory lock.
        await migrateToLatest(db);
        return db;
      } catch (error) {
        // PostgreSQL not there yet (still starting, restarting): the server waits for it, a script does not.
        if (waiting && storageFaultOf(error) === 'unreachable') {
          waiting.onUnreachable(error, attempt);
          await new Promise((resolve) => setTimeout(resolve, waiting.retryMs ?? POSTGRES_RETRY_MS));
          continue;
        }
        await db.destroy();
        throw error;
      }
    }
  }
  mkdirSync(options.dataDir, { recursive: true });
  await prepareSqliteFile(sqliteFileOf(options.dataDir));
  return createDb(options);
}
