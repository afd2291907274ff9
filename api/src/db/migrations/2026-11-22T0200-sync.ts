import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead. Typed Kysely<any> on purpose.

// `any`: migrations must not depend on the app's current types.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  // Named counters: the global sync version and the カルテ番号 sequence. Never decremented.
  await db.schema
    .createTable('counters')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sync_clients')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('last_mutation_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('customers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('chart_number', 'integer', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_kana', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('age', 'integer')
    .addColumn('gender', 'text', (c) => c.notNull().defaultTo('unset'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('medical_history', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('customers_version').on('customers').column('version').execute();

  const identity = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('id', 'integer', (c) =>
        postgres ? c.primaryKey().generatedAlwaysAsIdentity() : c.primaryKey().autoIncrement(),
      );

  await identity('sync_rejections')
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('mutation_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('args', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sync_rejections_client_version')
    .on('sync_rejections')
    .columns(['client_id', 'version'])
    .execute();

  await identity('sync_conflicts')
    .addColumn('table_name', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('overwritten', 'text')
    .addColumn('value', 'text')
    .addColumn('by', 'text')
    .addColumn('overwritten_by', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sync_conflicts_version').on('sync_conflicts').column('version').execute();
  await db.schema.createIndex('sync_conflicts_record').on('sync_conflicts').column('record_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['sync_conflicts', 'sync_rejections', 'customers', 'sync_clients', 'counters']) {
    await db.schema.dropTable(table).execute();
  }
}
