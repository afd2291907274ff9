import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead. Typed Kysely<any> on purpose.

/**
 * Restore epochs: one row per epoch, the newest (highest seq) is the current one. A restore from a
 * backup starts a new epoch naming the one the backup was taken in and the version it had reached, so
 * devices can tell the server went back in time and send again what it lacks. The first row is made
 * here, not on first need: on PostgreSQL many first pulls at once (repeatable read) would each try to
 * make it and fail with a serialization error.
 */
// `any`: migrations must not depend on the app's current types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sync_epochs')
    .addColumn('seq', 'integer', (c) => c.primaryKey())
    .addColumn('epoch', 'text', (c) => c.notNull().unique())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('restored_from_epoch', 'text')
    .addColumn('restored_from_version', 'integer')
    .addColumn('backup_taken_at', 'text')
    .execute();
  await db
    .insertInto('sync_epochs')
    .values({
      seq: 1,
      epoch: crypto.randomUUID(),
      started_at: new Date().toISOString(),
      restored_from_epoch: null,
      restored_from_version: null,
      backup_taken_at: null,
    })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sync_epochs').execute();
}
