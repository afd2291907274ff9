import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead. Typed Kysely<any> on purpose.

/**
 * 表情分析: what each expression analysis found, synced like media (client-made id, text timestamps,
 * a 0/1 tombstone, the global version). The faces and a video's frames are JSON text, as survey
 * answers are; nothing of an analysis is edited after it is made.
 */
// `any`: migrations must not depend on the app's current types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('face_analyses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('visit_id', 'text', (c) => c.references('visits.id'))
    .addColumn('media_id', 'text', (c) => c.references('media.id'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('analysed_at', 'text', (c) => c.notNull())
    // Milliseconds, at most a day: a 4-byte integer on both databases (and `pg` reads it as a number).
    .addColumn('processing_time', 'integer', (c) => c.notNull())
    .addColumn('faces', 'text', (c) => c.notNull())
    .addColumn('frames', 'text')
    .addColumn('engine', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('face_analyses_version').on('face_analyses').column('version').execute();
  await db.schema
    .createIndex('face_analyses_customer_analysed')
    .on('face_analyses')
    .columns(['customer_id', 'analysed_at'])
    .execute();
}

// `any`: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('face_analyses').execute();
}
