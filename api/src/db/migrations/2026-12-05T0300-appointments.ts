import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead. Typed Kysely<any> on purpose.

/**
 * 予約 (the appointment book), synced like visits: client-made ids, text timestamps, a 0/1 tombstone and
 * the global version. A day's book is read by date, a 施術者's overlaps by (staff, date), a patient's
 * appointments by (customer, date).
 */
// `any`: migrations must not depend on the app's current types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('appointments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
    // YYYY-MM-DD and HH:MM: sort and compare as text on both databases.
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('start', 'text', (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addColumn('staff_name', 'text', (c) => c.notNull())
    .addColumn('service_menu', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('booked'))
    .addColumn('visit_id', 'text', (c) => c.references('visits.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('appointments_version').on('appointments').column('version').execute();
  await db.schema.createIndex('appointments_date_start').on('appointments').columns(['date', 'start']).execute();
  await db.schema.createIndex('appointments_staff_date').on('appointments').columns(['staff_name', 'date']).execute();
  await db.schema
    .createIndex('appointments_customer_date')
    .on('appointments')
    .columns(['customer_id', 'date'])
    .execute();
}

// `any`: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('appointments').execute();
}
