import type { LocalCustomer } from '../../data/clinic-db';
import { type LiveRead, useLiveRead } from '../../data/live-read';
import { localDb } from '../../data/local-db';

/**
 * The customer whose chart this is, straight from the device's table rather than the list's cache:
 * the cache holds live customers only, and a deleted one's chart still shows them (their tombstone).
 * Null when the device has no such customer.
 */
export function useChartCustomer(id: string): LiveRead<LocalCustomer | null> {
  return useLiveRead(async () => (await localDb.customers.get(id)) ?? null, [id]);
}
