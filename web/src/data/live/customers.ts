import { useMemo, useState, useSyncExternalStore } from 'react';
import type { ClinicDb, LocalCustomer } from '../clinic-db';
import { createLiveTable, type LiveTableSnapshot } from '../live-table';
import { localDb } from '../local-db';
import { createNarrowingFilter, customerSearchKey } from './search-normalize';

/** A live customer with its search key computed once. */
export type CustomerEntry = { customer: LocalCustomer; searchKey: string };
export type CustomerSnapshot = LiveTableSnapshot<CustomerEntry>;

/** カルテ番号 descending; not yet synced (no number) first, newest first among them. */
export function compareEntries(a: CustomerEntry, b: CustomerEntry): number {
  const x = a.customer.chartNumber;
  const y = b.customer.chartNumber;
  if (x === null || y === null) {
    if (x !== y) return x === null ? -1 : 1;
    return b.customer.createdAt.localeCompare(a.customer.createdAt);
  }
  return y - x;
}

/** How many rows the list shows before every customer is read: more than a tall screen holds. */
export const FIRST_ROWS = 40;

/**
 * The customers at the top of the list, by compareEntries: the unsynced (few; no カルテ番号, so not in
 * that index) and the highest カルテ番号, read through indexes without touching the other rows.
 */
async function firstCustomers(db: ClinicDb): Promise<LocalCustomer[]> {
  const [pending, numbered] = await Promise.all([
    db.customers.where('pending').equals(1).toArray(),
    db.customers
      .orderBy('chartNumber')
      .reverse()
      .limit(FIRST_ROWS * 2)
      .toArray(),
  ]);
  return [...pending.filter((c) => c.chartNumber === null), ...numbered];
}

/** Every live customer in memory, kept current from Dexie's change tracking (see createLiveTable). */
export function createCustomerCache(db: ClinicDb) {
  return createLiveTable(db, 'customers', {
    toEntry: (customer): CustomerEntry => ({ customer, searchKey: customerSearchKey(customer) }),
    compare: compareEntries,
    firstRows: firstCustomers,
  });
}
export type CustomerCache = ReturnType<typeof createCustomerCache>;

/** How many live customers the device holds, through indexes: no row is read (tombstones carry `gone`). */
export async function countCustomers(db: ClinicDb): Promise<number> {
  const [all, tombstones] = await Promise.all([db.customers.count(), db.customers.where('gone').equals(1).count()]);
  return all - tombstones;
}

/** Module-level, so leaving and re-opening a screen (or a picker) does not re-read every customer. */
export const customerCache = createCustomerCache(localDb);

/** 再試行 after the device's customers could not be read (the snapshot's `failed`). */
export const reloadCustomers = (): void => customerCache.reload();

export function useCustomers(): CustomerSnapshot {
  return useSyncExternalStore(customerCache.subscribe, customerCache.getSnapshot, customerCache.getSnapshot);
}

/**
 * The cache's snapshot without asking it to load. A live query that takes customers' names from the cache
 * (when another screen loaded it) has Dexie track only the rows it read itself: with this snapshot among
 * its inputs it also runs again when a cached customer changes.
 */
export function useCustomerCacheSnapshot(): CustomerSnapshot {
  return useSyncExternalStore(customerCache.observe, customerCache.getSnapshot, customerCache.getSnapshot);
}

export type CustomerSearchResult = {
  loaded: boolean;
  total: number;
  entries: readonly CustomerEntry[];
  searching: boolean;
};

/**
 * The customers whose name, フリガナ, phone or e-mail match what is typed (kana-insensitive), in the same
 * render as the keystroke: filtering narrows the last answer and lists render only the rows in view,
 * so one render is cheaper than deferring (which renders twice and waits for the scheduler in between).
 */
export function useCustomerSearch(query: string): CustomerSearchResult {
  const { loaded, entries } = useCustomers();
  const [filter] = useState(createNarrowingFilter<CustomerEntry>);
  const matches = useMemo(() => filter(entries, query), [filter, entries, query]);
  return { loaded, total: entries.length, entries: matches, searching: query.trim() !== '' };
}
