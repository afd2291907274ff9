import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead. Typed Kysely<any> on purpose.

/**
 * Failed logins that named no account, counted per name typed (by its hash) so that an unknown name
 * is locked out as an account would be and the answers do not tell which names exist.
 */
// `any`: migrations must not depend on the app's current types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_failures')
    .addColumn('login_hash', 'text', (c) => c.primaryKey())
    .addColumn('failed_login_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_failed_login_at', 'text')
    .addColumn('locked_until', 'text')
    .execute();
}

// `any`: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_failures').execute();
}
