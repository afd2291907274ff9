import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead. Typed Kysely<any> on purpose.

/**
 * Device error logs (the spec's "Android logs"): one row per upload, with what the list and the
 * stats need in columns, and one row per reported error so counts by type and by day are SQL
 * group-bys. Written only by the upload routes and removed only by the retention prune.
 */
// `any`: migrations must not depend on the app's current types.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable('device_log_sessions')
    .addColumn('id', 'integer', (c) =>
      postgres ? c.primaryKey().generatedAlwaysAsIdentity() : c.primaryKey().autoIncrement(),
    )
    // Made by the server; the only key detail and download accept.
    .addColumn('file_name', 'text', (c) => c.notNull().unique())
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('device_info', 'text', (c) => c.notNull())
    .addColumn('error_count', 'integer', (c) => c.notNull())
    .addColumn('action_count', 'integer', (c) => c.notNull())
    // Milliseconds as the browser measured them, fractional: an 8-byte double on both.
    .addColumn('page_load_time', 'double precision')
    .addColumn('dom_content_loaded', 'double precision')
    .addColumn('first_contentful_paint', 'double precision')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('file_size', 'integer', (c) => c.notNull())
    .addColumn('ip', 'text')
    .execute();
  await db.schema
    .createIndex('device_log_sessions_uploaded_at')
    .on('device_log_sessions')
    .column('uploaded_at')
    .execute();

  await db.schema
    .createTable('device_log_errors')
    .addColumn('id', 'integer', (c) =>
      postgres ? c.primaryKey().generatedAlwaysAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('session_row_id', 'integer', (c) => c.notNull().references('device_log_sessions.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    // The upload's date in Japan (YYYY-MM-DD), kept so errors per day group alike on both databases.
    .addColumn('day', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('device_log_errors_session').on('device_log_errors').column('session_row_id').execute();
  await db.schema.createIndex('device_log_errors_type').on('device_log_errors').column('type').execute();
  await db.schema.createIndex('device_log_errors_day').on('device_log_errors').column('day').execute();
}

// `any`: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('device_log_errors').execute();
  await db.schema.dropTable('device_log_sessions').execute();
}
