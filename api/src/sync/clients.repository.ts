import type { Db } from '../db/dialect';
import { isPostgres } from '../db/dialect';
import { queryTemplate } from '../db/query-template';

/**
 * Records the client when it is new, with the user who first synced with it. The client is the
 * device's, not that user's: on a shared tablet anyone signed in may send its outbox (issue 25).
 */
export async function registerClient(db: Db, clientId: string, userId: string, now: string): Promise<void> {
  // Known clients (every push but a device's first) are answered by one read.
  const known = await db
    .selectFrom('sync_clients')
    .select('client_id')
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  if (known) return;
  await db
    .insertInto('sync_clients')
    .values({ client_id: clientId, user_id: userId, last_mutation_id: 0, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('client_id').doNothing())
    .execute();
}

export async function findClient(db: Db, clientId: string) {
  return db.selectFrom('sync_clients').selectAll().where('client_id', '=', clientId).executeTakeFirst();
}

/** Reads the client's progress, locking its row on PostgreSQL so two pushes of one client queue up. */
export async function lockClient(db: Db, clientId: string) {
  let query = db.selectFrom('sync_clients').selectAll().where('client_id', '=', clientId);
  if (isPostgres(db)) query = query.forUpdate();
  return query.executeTakeFirstOrThrow();
}

// A template: a push runs it once per mutation (see db/query-template.ts).
const advance = queryTemplate((db, p: { clientId: string; mutationId: number; previous: number; now: string }) =>
  db
    .updateTable('sync_clients')
    .set({ last_mutation_id: p.mutationId, updated_at: p.now })
    .where('client_id', '=', p.clientId)
    .where('last_mutation_id', '=', p.previous),
);

/**
 * Moves the client's lastMutationId from `mutationId - 1` to `mutationId`, in the caller's
 * transaction; false (and nothing written) when it stood elsewhere: a replay or a gap. Checking and
 * advancing in one statement spares a read per mutation; on PostgreSQL the update holds the row lock
 * until commit, so a second push of the same client waits and then sees the advanced id.
 */
export async function advanceClient(db: Db, clientId: string, mutationId: number, now: string): Promise<boolean> {
  const result = await advance.execute(db, { clientId, mutationId, previous: mutationId - 1, now });
  return Number(result.numAffectedRows) === 1;
}

// A template: a push runs it once (see db/query-template.ts).
const noteVersion = queryTemplate((db, p: { clientId: string; version: number }) =>
  db.updateTable('sync_clients').set({ last_version: p.version }).where('client_id', '=', p.clientId),
);

/** Records the highest version the client's push took, in its transaction (see settledVersion). */
export async function noteLastVersion(db: Db, clientId: string, version: number): Promise<void> {
  await noteVersion.execute(db, { clientId, version });
}
