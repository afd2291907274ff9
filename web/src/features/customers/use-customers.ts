import { useMemo, useState, useSyncExternalStore } from 'react';
import type { LocalCustomer } from '../../db/clinic-db';
import { localDb } from '../../sync';
import { createCustomerCache, type CustomerEntry, type CustomerSnapshot } from './customer-cache';
import { createNarrowingFilter } from './search-normalize';

/** Module-level, so leaving and re-opening the screen does not re-read every customer. */
export const customerCache = createCustomerCache(localDb);

export function useCustomers(): CustomerSnapshot {
  return useSyncExternalStore(customerCache.subscribe, customerCache.getSnapshot, customerCache.getSnapshot);
}

export type CustomerSearchResult = { loaded: boolean; total: number; rows: readonly LocalCustomer[]; searching: boolean };

/**
 * The list filtered by the search box, in the same render as the keystroke: filtering narrows the last
 * answer and the table renders only the rows in view, so one render is cheaper than deferring (which
 * renders twice and waits for the scheduler in between).
 */
export function useCustomerSearch(query: string): CustomerSearchResult {
  const { loaded, entries } = useCustomers();
  const [filter] = useState(createNarrowingFilter<CustomerEntry>);
  const rows = useMemo(() => filter(entries, query).map((e) => e.customer), [filter, entries, query]);
  return { loaded, total: entries.length, rows, searching: query.trim() !== '' };
}
