import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead. Typed Kysely<any> on purpose
// so this file keeps compiling whatever the app's current Database type says.

// `any`: migrations must not depend on the app's current types.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('last_login', 'text')
    .addColumn('failed_login_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_failed_login_at', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Partial unique indexes: a deleted user's name and address can be given to a new account.
  await db.schema
    .createIndex('users_username_active')
    .unique()
    .on('users')
    .column('username')
    .where(sql.ref('deleted'), '=', 0)
    .execute();
  await db.schema
    .createIndex('users_email_active')
    .unique()
    .on('users')
    .column('email')
    .where(sql.ref('deleted'), '=', 0)
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoke_reason', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('refresh_tokens_session_id').on('refresh_tokens').column('session_id').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', (c) =>
      postgres ? c.primaryKey().generatedAlwaysAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('username', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text')
    .addColumn('entity_id', 'text')
    .addColumn('client_id', 'text')
    .addColumn('ip', 'text')
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity', 'entity_id']).execute();
}

// `any`: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('refresh_tokens').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
