import type { VisitField } from '@clinic/sync-protocol';
import { fromFlag } from '../db/dialect';
import { type VisitWithCustomer, toVisit } from './visits.repository';

/** The spec's snake_case name of each visit field, as REST bodies and answers use them. */
export const VISIT_SPEC_NAMES = {
  customer_id: 'customerId',
  date: 'date',
  service_menu: 'serviceMenu',
  price: 'price',
  staff_name: 'staffName',
  notes: 'notes',
} as const satisfies Record<string, VisitField>;

/** A visit as the spec's REST calls answer it, with its customer's name (kept, and marked, once deleted). */
export function visitAnswer(row: VisitWithCustomer) {
  const visit = toVisit(row);
  return {
    id: visit.id,
    customer_id: visit.customerId,
    customer_name: row.customer_name,
    customer_deleted: row.customer_deleted !== null && fromFlag(row.customer_deleted),
    date: visit.date,
    service_menu: visit.serviceMenu,
    price: visit.price,
    staff_name: visit.staffName,
    notes: visit.notes,
    created_at: visit.createdAt,
    updated_at: visit.updatedAt,
    version: visit.version,
  };
}
