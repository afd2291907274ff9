import { useDeferredValue, useMemo, useSyncExternalStore } from 'react';
import type { LocalCustomer } from '../../db/clinic-db';
import { localDb } from '../../sync';
import { createCustomerCache, type CustomerSnapshot } from './customer-cache';
import { filterBySearchKey } from './search-normalize';

/** Module-level, so leaving and re-opening the screen does not re-read every customer. */
export const customerCache = createCustomerCache(localDb);

export function useCustomers(): CustomerSnapshot {
  return useSyncExternalStore(customerCache.subscribe, customerCache.getSnapshot, customerCache.getSnapshot);
}

export type CustomerSearchResult = { loaded: boolean; total: number; rows: readonly LocalCustomer[]; searching: boolean };

/** The list filtered by the search box; typing stays responsive because filtering uses a deferred value. */
export function useCustomerSearch(query: string): CustomerSearchResult {
  const { loaded, entries } = useCustomers();
  const deferred = useDeferredValue(query);
  const rows = useMemo(() => filterBySearchKey(entries, deferred).map((e) => e.customer), [entries, deferred]);
  return { loaded, total: entries.length, rows, searching: deferred.trim() !== '' };
}
