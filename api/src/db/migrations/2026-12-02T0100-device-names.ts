import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead. Typed Kysely<any> on purpose.

/**
 * The names devices gave themselves in 設定 (施術室1), by their sync client id: the access log shows
 * a device by this name instead of its address. One row a device, the latest name it sent.
 */
// `any`: migrations must not depend on the app's current types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('device_names')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

// `any`: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('device_names').execute();
}
