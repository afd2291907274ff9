import Dexie, { type Table } from 'dexie';
import type { Conflict, Customer, Mutation, PullChanges, Rejection, SyncedTable } from '@clinic/sync-protocol';

/**
 * A synced row as the device holds it: the server's row with pending local mutations applied on top.
 * `pending` is 1 while a local mutation touching the row is not yet confirmed by a pull (IndexedDB
 * cannot index booleans); `server` keeps the last server state of such a row (null: not on the server)
 * so a pull can rebase the pending mutations onto fresh server data.
 */
export type Local<T> = T & { pending: 0 | 1; server?: T | null };
export type LocalCustomer = Local<Customer>;

/** An outbox entry is a typed mutation; its `id` is the per-client sequence number and the key. */
export type OutboxEntry = Mutation;

export type MetaKey = 'clientId' | 'cookie' | 'nextMutationId' | 'lastSyncedAt' | 'lastMutationIdAcked' | 'ownerUserId' | 'ownerUserName';
export type MetaEntry = { key: MetaKey; value: string | number };

export const DB_NAME = 'clinic';

export class ClinicDb extends Dexie {
  customers!: Table<LocalCustomer, string>;
  outbox!: Table<OutboxEntry, number>;
  rejections!: Table<Rejection, number>;
  conflicts!: Table<Conflict, number>;
  meta!: Table<MetaEntry, MetaKey>;

  constructor(name = DB_NAME) {
    super(name);
    this.version(1).stores({
      customers: 'id, pending, chartNumber',
      outbox: 'id',
      rejections: 'mutationId',
      conflicts: 'id, recordId',
      meta: 'key',
    });
  }
}

/** The synced tables, by the name the protocol uses; the type insists on one per registered entity. */
export function syncedTables(db: ClinicDb) {
  return { customers: db.customers } as const satisfies { [T in SyncedTable]: Table<Local<PullChanges[T][number]>, string> };
}
export type SyncedTables = ReturnType<typeof syncedTables>;
