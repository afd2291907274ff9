import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead. Typed Kysely<any> on purpose.

/**
 * 診断記録 and their pain markers, synced like visits. A marker is a row of its own (not JSON in the
 * diagnosis), so two devices marking different spots of one record offline both keep their work.
 */
// `any`: migrations must not depend on the app's current types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('diagnoses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('visit_id', 'text', (c) => c.references('visits.id'))
    // YYYY-MM-DD: sorts and compares as text on both databases.
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('general_health', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('diagnoses_version').on('diagnoses').column('version').execute();
  await db.schema.createIndex('diagnoses_customer_date').on('diagnoses').columns(['customer_id', 'date']).execute();
  await db.schema.createIndex('diagnoses_date').on('diagnoses').column('date').execute();

  await db.schema
    .createTable('pain_markers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('diagnosis_id', 'text', (c) => c.notNull().references('diagnoses.id'))
    // Not unique: two devices may each add a spot numbered 3 offline; both are kept.
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('view', 'text', (c) => c.notNull())
    // Percent of the figure. An 8-byte double on both (SQLite REAL affinity, PostgreSQL float8, whose
    // shortest round-trip output the drivers parse back to the same number); PostgreSQL's `real`
    // would be 4 bytes and is not used.
    .addColumn('x', 'double precision', (c) => c.notNull())
    .addColumn('y', 'double precision', (c) => c.notNull())
    .addColumn('region', 'text')
    .addColumn('body_part', 'text', (c) => c.notNull())
    .addColumn('pain_level', 'integer', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('resolved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('pain_markers_version').on('pain_markers').column('version').execute();
  await db.schema.createIndex('pain_markers_diagnosis').on('pain_markers').column('diagnosis_id').execute();
}

// `any`: see up().
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['pain_markers', 'diagnoses']) await db.schema.dropTable(table).execute();
}
