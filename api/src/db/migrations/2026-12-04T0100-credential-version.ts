import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead. Typed Kysely<any> on purpose.

/**
 * How many times a person's password was changed or reset (issue 34): the tablets hold a wrap of their
 * key per person and drop it when the server's stamp, made from this number, changes. A rehash of the
 * same password at login leaves it alone, so a tablet keeps that wrap.
 */
// `any`: migrations must not depend on the app's current types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('credential_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

// `any`: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('credential_version').execute();
}
