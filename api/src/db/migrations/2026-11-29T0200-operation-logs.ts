import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen: never edit after release; add a new migration instead. Typed Kysely<any> on purpose.

/**
 * PWA操作ログ: what the screens did and where it failed, sent by devices without logging in. Each
 * entry keeps the facts the error analysis counts as columns (so it is counted in SQL), and its
 * free-form parts as JSON text. A photo sent with an entry is kept in its own table, so listing
 * entries never reads image bytes; it goes with its entry.
 */
// `any`: migrations must not depend on the app's current types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('operation_logs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('screen', 'text', (c) => c.notNull())
    .addColumn('client_timestamp', 'text', (c) => c.notNull())
    .addColumn('server_timestamp', 'text', (c) => c.notNull())
    .addColumn('server_date', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('device_type', 'text', (c) => c.notNull())
    .addColumn('device_os', 'text', (c) => c.notNull())
    .addColumn('device_browser', 'text', (c) => c.notNull())
    .addColumn('user_email', 'text', (c) => c.notNull())
    .addColumn('has_error', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('data', 'text')
    .addColumn('api_response', 'text')
    .addColumn('api_called', 'integer', (c) => c.notNull())
    .addColumn('api_ok', 'integer', (c) => c.notNull())
    .addColumn('api_has_data', 'integer', (c) => c.notNull())
    .addColumn('api_face_count', 'integer', (c) => c.notNull())
    .addColumn('photo_mime', 'text')
    // Bytes, at most 5 MB: a 4-byte integer on both databases.
    .addColumn('photo_size', 'integer')
    .execute();
  await db.schema
    .createIndex('operation_logs_server_timestamp')
    .on('operation_logs')
    .column('server_timestamp')
    .execute();
  await db.schema
    .createIndex('operation_logs_server_date')
    .on('operation_logs')
    .columns(['server_date', 'operation'])
    .execute();

  // PostgreSQL has no `blob`; SQLite would give `bytea` numeric affinity.
  const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('operation_log_photos')
    .addColumn('log_id', 'text', (c) => c.primaryKey().references('operation_logs.id').onDelete('cascade'))
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('bytes', bytes, (c) => c.notNull())
    .execute();
}

// `any`: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('operation_log_photos').execute();
  await db.schema.dropTable('operation_logs').execute();
}
