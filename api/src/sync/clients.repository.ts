import type { Db } from '../db/dialect';
import { isPostgres } from '../db/dialect';

/** Records the client as this user's when it is new; returns the owner either way. */
export async function claimClient(db: Db, clientId: string, userId: string, now: string): Promise<string> {
  await db
    .insertInto('sync_clients')
    .values({ client_id: clientId, user_id: userId, last_mutation_id: 0, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('client_id').doNothing())
    .execute();
  const row = await db.selectFrom('sync_clients').select('user_id').where('client_id', '=', clientId).executeTakeFirstOrThrow();
  return row.user_id;
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

export async function setLastMutationId(db: Db, clientId: string, lastMutationId: number, now: string): Promise<void> {
  await db
    .updateTable('sync_clients')
    .set({ last_mutation_id: lastMutationId, updated_at: now })
    .where('client_id', '=', clientId)
    .execute();
}
