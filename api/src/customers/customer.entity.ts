import { changedRows } from '../sync/changed-rows';
import { defineServerEntity } from '../sync/server-entity';
import type { CustomerRow } from './customer.table';
import { CUSTOMER_AUDIT_NAME, customerMutators } from './customer.mutators';
import { CUSTOMER_COLUMNS, toCustomer } from './customers.repository';

/** Customers as the sync engine and the audit see them. */
export const customerEntity = defineServerEntity<'customers', CustomerRow>('customers', {
  auditName: CUSTOMER_AUDIT_NAME,
  columns: CUSTOMER_COLUMNS,
  mutators: customerMutators,
  changedBetween: async (db, after, upTo, limit) =>
    (await changedRows(db, 'customers', after, upTo, limit)).map(toCustomer),
});
