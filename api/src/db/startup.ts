import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { createDb, isPostgresUrl, type DbOptions } from './connect';
import type { Database } from './database';
import { migrateToLatest } from './migrate';
import { prepareSqliteFile } from './sqlite-file';

/** The embedded database's file in DATA_DIR. */
export const sqliteFileOf = (dataDir: string) => join(dataDir, 'clinic.sqlite');

/**
 * The database as the server starts it: checked, migrated (atomically on both databases), then opened
 * for the app. Throws DatabaseRefused (sqlite-file.ts) rather than start on a damaged, emptied or
 * foreign SQLite file.
 */
export async function openDatabase(options: DbOptions): Promise<Kysely<Database>> {
  if (isPostgresUrl(options.databaseUrl)) {
    const db = createDb(options);
    // PostgreSQL's adapter already runs the Migrator in one transaction, under an advisory lock.
    await migrateToLatest(db).catch(async (error: unknown) => {
      await db.destroy();
      throw error;
    });
    return db;
  }
  mkdirSync(options.dataDir, { recursive: true });
  await prepareSqliteFile(sqliteFileOf(options.dataDir));
  return createDb(options);
}
