import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead. Typed Kysely<any> on purpose.

/**
 * Device key escrow (issue 25): one random key per tablet, by its sync client id. The tablet wraps its
 * data key with it, so anyone signing in online there can open its data. Revoking (a lost tablet)
 * deletes the row: the key is gone, and a later request gets a new one that opens nothing old.
 */
// `any`: migrations must not depend on the app's current types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('device_keys')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .execute();
}

// `any`: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('device_keys').execute();
}
