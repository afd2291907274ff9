import type { PullChanges } from '@clinic/sync-protocol';
import type { Transaction } from 'kysely';
import { customersChangedBetween, toCustomer } from '../customers/customers.repository';
import type { Database } from '../db/database';

type SyncedTable<K extends keyof PullChanges> = {
  /** Rows with after < version <= upTo in version order, at most `limit` of them (all when omitted). */
  changedBetween(trx: Transaction<Database>, after: number, upTo: number, limit?: number): Promise<Array<{ version: number }>>;
  toWire(row: never): PullChanges[K][number];
};

/**
 * Every table a pull delivers, by its protocol name. A new synced entity adds its entry here
 * (and its schema to pullChangesSchema); paging and cookies then work for it unchanged.
 */
export const syncedTables: { [K in keyof PullChanges]: SyncedTable<K> } = {
  customers: { changedBetween: customersChangedBetween, toWire: toCustomer as (row: never) => PullChanges['customers'][number] },
};
