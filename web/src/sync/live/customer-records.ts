import type { ClinicDb } from '../../db/clinic-db';
import { type LiveQueryResult, useLiveQuery } from '../../db/use-live-query';
import { localDb } from '../runtime';

/** How many records name a customer, by kind: the delete confirmation says them (they are kept). */
export type CustomerRecordCounts = { visits: number; surveys: number };

/**
 * Counted through the customer indexes; only that customer's rows are read (to skip deleted ones).
 * Later record kinds (diagnoses, media) add a line here.
 */
export async function countCustomerRecords(db: ClinicDb, customerId: string): Promise<CustomerRecordCounts> {
  const [visits, surveys] = await Promise.all([
    db.visits.where('[customerId+date]').between([customerId, ''], [customerId, '\uffff']).filter((v) => !v.deleted).count(),
    db.surveys.where('customerId').equals(customerId).filter((s) => !s.deleted).count(),
  ]);
  return { visits, surveys };
}

export function useCustomerRecordCounts(customerId: string | null): LiveQueryResult<CustomerRecordCounts | null> {
  return useLiveQuery(['visits', 'surveys'], async () => (customerId ? countCustomerRecords(localDb, customerId) : null), [customerId]);
}
