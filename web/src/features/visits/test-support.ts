import type { Visit } from '@clinic/sync-protocol';
import { notifyChanged } from '../../db/changes';
import type { LocalVisit } from '../../db/clinic-db';
import { customerCache, localDb } from '../../sync';
import { serverCustomer } from '../../sync/test-support';

export const customerId = (n: number) => `0193a3f0-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const visitId = (n: number) => `0193a3f0-0000-4000-9000-${String(n).padStart(12, '0')}`;

export function serverVisit(fields: Partial<Visit> & { id: string; customerId: string }): LocalVisit {
  return {
    date: '2026-11-20',
    serviceMenu: '',
    price: null,
    staffName: '',
    notes: '',
    createdAt: '2026-11-20T01:00:00.000Z',
    updatedAt: '2026-11-20T01:00:00.000Z',
    updatedBy: 'admin',
    version: 1,
    deleted: false,
    pending: 0,
    ...fields,
  };
}

/** Customers as the server sent them (`deleted: true` keeps a tombstone, as the device does). */
export async function seedCustomers(...rows: Parameters<typeof serverCustomer>[0][]) {
  await localDb.customers.bulkPut(rows.map((r) => ({ ...serverCustomer(r), pending: 0 as const })));
  notifyChanged({ table: 'customers', ids: rows.map((r) => r.id) });
  await customerCache.settled();
}

export async function seedVisits(rows: LocalVisit[]) {
  await localDb.visits.bulkPut(rows);
  notifyChanged({ table: 'visits', ids: rows.map((r) => r.id) });
}
