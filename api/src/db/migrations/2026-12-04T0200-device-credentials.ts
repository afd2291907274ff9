import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead. Typed Kysely<any> on purpose.

/**
 * A sync client id belongs to the device that registered it (issue 34): the SHA-256 of the secret the
 * server gave it, proved on every push, pull and heal. Null for a client from before, until it registers.
 */
// `any`: migrations must not depend on the app's current types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sync_clients').addColumn('credential_hash', 'text').execute();
}

// `any`: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sync_clients').dropColumn('credential_hash').execute();
}
