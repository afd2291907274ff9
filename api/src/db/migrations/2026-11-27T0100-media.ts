import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead. Typed Kysely<any> on purpose.

/**
 * 写真・動画: the facts of each capture, synced like surveys (client-made id, text timestamps, a 0/1
 * tombstone, the global version). The file itself lives under DATA_DIR/media, named by this id;
 * `uploaded` turns 1 only once the whole file has arrived and passed its checks.
 */
// `any`: migrations must not depend on the app's current types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('media')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('visit_id', 'text', (c) => c.references('visits.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    // Bytes; at most 500 MB, so a 4-byte integer on both databases (and `pg` reads it as a number).
    .addColumn('size', 'integer', (c) => c.notNull())
    // Seconds and the 0-100 score are fractional: an 8-byte double on both (see the diagnoses migration).
    .addColumn('duration', 'double precision')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('captured_at', 'text', (c) => c.notNull())
    .addColumn('quality', 'double precision')
    .addColumn('uploaded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stored_bytes', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('media_version').on('media').column('version').execute();
  await db.schema.createIndex('media_customer_captured').on('media').columns(['customer_id', 'captured_at']).execute();
}

// `any`: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media').execute();
}
