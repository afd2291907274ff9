import { Migrator, type Kysely, type MigrationProvider, sql } from 'kysely';
import { isPostgres } from './dialect';
import { migrations } from './migrations';
import type { Database } from './database';

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/**
 * Brings the schema up to date; throws (with the failing migration's error) if any step fails.
 * Atomic when the database's adapter runs DDL in transactions: PostgreSQL's does, and the app's SQLite
 * dialect says so too (sqlite-dialect.ts); the server migrates SQLite on a connection of its own
 * before it opens the app's (sqlite-file.ts).
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  // Kysely looks for its own tables in every schema unless told which: a second database in another
  // schema of the same server (the tests make one per file, side by side) would hide this one's.
  const schema = isPostgres(db)
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    // The cause's words in the message too: a test runner's report and a server's log print only the message.
    const why = error instanceof Error ? `: ${error.message}` : '';
    throw new Error(`database migration failed${name}${why}`, { cause: error });
  }
}
