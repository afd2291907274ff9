import type { Visit } from '@clinic/sync-protocol';
import type { LocalVisit } from '../../data/clinic-db';
import { customerCache } from '../../data';
import { localDb } from '../../data/local-db';
import { localVisit, serverCustomer } from '../../test-utils/sync-fixtures';

export const customerId = (n: number) => `0193a3f0-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const visitId = (n: number) => `0193a3f0-0000-4000-9000-${String(n).padStart(12, '0')}`;

/** A confirmed visit with nothing but what a test gives (no menu, price or staff unless set). */
export const serverVisit = (fields: Partial<Visit> & { id: string; customerId: string }): LocalVisit =>
  localVisit({ serviceMenu: '', price: null, staffName: '', updatedBy: 'admin', ...fields });

/** Customers as the server sent them (`deleted: true` keeps a tombstone, as the device does). */
export async function seedCustomers(...rows: Parameters<typeof serverCustomer>[0][]) {
  await localDb.customers.bulkPut(rows.map((r) => ({ ...serverCustomer(r), pending: 0 as const })));
  await customerCache.settled();
}

export async function seedVisits(rows: LocalVisit[]) {
  await localDb.visits.bulkPut(rows);
}
