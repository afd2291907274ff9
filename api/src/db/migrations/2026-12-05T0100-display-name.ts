import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead. Typed Kysely<any> on purpose.

/**
 * A person's name as the clinic writes it (佐藤 花子), beside the user name that stays the sign-in ID
 * (spec 6's 3–20 letters): the lock, the greeting, 担当者 and the access log name people by it. Null
 * until one is given; then the user name is shown (issue 38).
 */
// `any`: migrations must not depend on the app's current types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('display_name', 'text').execute();
}

// `any`: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('display_name').execute();
}
