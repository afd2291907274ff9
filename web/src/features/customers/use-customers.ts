import { useDeferredValue, useMemo, useState, useSyncExternalStore } from 'react';
import type { LocalCustomer } from '../../db/clinic-db';
import { localDb } from '../../sync';
import { createCustomerCache, type CustomerEntry, type CustomerSnapshot } from './customer-cache';
import { createNarrowingFilter } from './search-normalize';

/** Module-level, so leaving and re-opening the screen does not re-read every customer. */
export const customerCache = createCustomerCache(localDb);

export function useCustomers(): CustomerSnapshot {
  return useSyncExternalStore(customerCache.subscribe, customerCache.getSnapshot, customerCache.getSnapshot);
}

/** `stale`: the rows still answer an earlier query while the new one is being filtered. */
export type CustomerSearchResult = { loaded: boolean; total: number; rows: readonly LocalCustomer[]; searching: boolean; stale: boolean };

/** The list filtered by the search box; typing stays responsive because filtering uses a deferred value. */
export function useCustomerSearch(query: string): CustomerSearchResult {
  const { loaded, entries } = useCustomers();
  const deferred = useDeferredValue(query);
  const [filter] = useState(createNarrowingFilter<CustomerEntry>);
  const rows = useMemo(() => filter(entries, deferred).map((e) => e.customer), [filter, entries, deferred]);
  return { loaded, total: entries.length, rows, searching: deferred.trim() !== '', stale: deferred !== query };
}
