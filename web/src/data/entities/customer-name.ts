import type { ClinicDb } from '../clinic-db';
import { ja } from '../../i18n/ja';

const t = ja.entities;

/**
 * The name a record of a customer shows: the customer's name, marked 削除済み when they were deleted
 * (their tombstone stays on the device, see WebEntity.keepsTombstones), or 不明 when the device has
 * never had them.
 */
export function customerLabel(customer: { name: string; deleted: boolean } | undefined): string {
  if (!customer) return t.unknownCustomer;
  return customer.deleted ? t.deletedCustomer(customer.name) : customer.name;
}

export async function customerLabelOf(db: ClinicDb, customerId: string): Promise<string> {
  return customerLabel(await db.customers.get(customerId));
}
