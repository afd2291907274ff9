import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead. Typed Kysely<any> on purpose.

/** 施術者: an administrator marks the staff who treat; they are the 予約表's columns (issue 41). */
// `any`: migrations must not depend on the app's current types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('treats', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

// `any`: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('treats').execute();
}
