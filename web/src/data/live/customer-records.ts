import type { ClinicDb } from '../clinic-db';
import { type LiveRead, useLiveRead } from '../live-read';
import { localDb } from '../local-db';

/** How many records name a customer, by kind: the delete confirmation says them (they are kept). */
export type CustomerRecordCounts = { visits: number; surveys: number; diagnoses: number };

/**
 * Counted through the customer indexes; only that customer's rows are read (to skip deleted ones).
 * Later record kinds (diagnoses, media) add a line here.
 */
export async function countCustomerRecords(db: ClinicDb, customerId: string): Promise<CustomerRecordCounts> {
  const byDate = [
    [customerId, ''],
    [customerId, '\uffff'],
  ] as const;
  const [visits, surveys, diagnoses] = await Promise.all([
    db.visits
      .where('[customerId+date]')
      .between(...byDate)
      .filter((v) => !v.deleted)
      .count(),
    db.surveys
      .where('customerId')
      .equals(customerId)
      .filter((s) => !s.deleted)
      .count(),
    db.diagnoses
      .where('[customerId+date]')
      .between(...byDate)
      .filter((d) => !d.deleted)
      .count(),
  ]);
  return { visits, surveys, diagnoses };
}

export function useCustomerRecordCounts(customerId: string | null): LiveRead<CustomerRecordCounts | null> {
  return useLiveRead(async () => (customerId ? countCustomerRecords(localDb, customerId) : null), [customerId]);
}
