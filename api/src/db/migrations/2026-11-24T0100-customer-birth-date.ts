import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead. Typed Kysely<any> on purpose.

/** 生年月日 as YYYY-MM-DD text (the timestamps' convention), null when not given. */
// `any`: migrations must not depend on the app's current types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('customers').addColumn('birth_date', 'text').execute();
}

// `any`: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('customers').dropColumn('birth_date').execute();
}
