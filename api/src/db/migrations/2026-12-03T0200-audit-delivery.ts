import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead. Typed Kysely<any> on purpose.

/**
 * Who delivered a change (issue 25): a shared tablet's unsent changes are sent by whoever signs in
 * online there next. The row's user stays the person who made the change; these name the person and
 * the session that sent it. Null on rows that were not delivered for someone (and on older rows).
 */
// `any`: migrations must not depend on the app's current types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('delivered_by', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('delivered_by_name', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('session_id', 'text').execute();
}

// `any`: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('session_id').execute();
  await db.schema.alterTable('audit_log').dropColumn('delivered_by_name').execute();
  await db.schema.alterTable('audit_log').dropColumn('delivered_by').execute();
}
