import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead. Typed Kysely<any> on purpose.

/**
 * Counts that must hold for all API processes on one PostgreSQL (issue 39): failed logins per address,
 * requests per address, the anonymous senders' bytes per day. One row per key: its fixed window's start
 * (ms since the epoch) and its count. Created on SQLite too so both schemas stay alike; one process there
 * keeps these counts in memory and never reads the table.
 */
// `any`: migrations must not depend on the app's current types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shared_counters')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('window_start', 'bigint', (col) => col.notNull())
    .addColumn('count', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('shared_counters_window_start').on('shared_counters').column('window_start').execute();
}

// `any`: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shared_counters').execute();
}
