import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead. Typed Kysely<any> on purpose.

/**
 * 来院記録 and アンケート, synced like customers: client-made ids, text timestamps, a 0/1 tombstone and
 * the global version. Customers are never removed, only tombstoned, so the references always resolve.
 */
// `any`: migrations must not depend on the app's current types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('visits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    // YYYY-MM-DD: sorts and compares as text on both databases.
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('service_menu', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price', 'integer')
    .addColumn('staff_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('visits_version').on('visits').column('version').execute();
  await db.schema.createIndex('visits_date').on('visits').column('date').execute();
  await db.schema.createIndex('visits_customer_date').on('visits').columns(['customer_id', 'date']).execute();

  await db.schema
    .createTable('surveys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    .addColumn('visit_id', 'text', (c) => c.references('visits.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    // JSON text of the answers by question key (the same on both databases).
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('surveys_version').on('surveys').column('version').execute();
  await db.schema.createIndex('surveys_customer').on('surveys').column('customer_id').execute();
}

// `any`: see up().
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['surveys', 'visits']) await db.schema.dropTable(table).execute();
}
