import type { ClinicDb, LocalSurvey } from '../clinic-db';
import { type LiveRead, useLiveRead } from '../live-read';
import { localDb } from '../local-db';

/** Newest first. */
export const compareSurveys = (a: LocalSurvey, b: LocalSurvey) => b.createdAt.localeCompare(a.createdAt);

/** One customer's live surveys, newest first, through the customer index. */
export async function queryCustomerSurveys(db: ClinicDb, customerId: string): Promise<LocalSurvey[]> {
  const rows = await db.surveys
    .where('customerId')
    .equals(customerId)
    .filter((s) => !s.deleted)
    .toArray();
  return rows.sort(compareSurveys);
}

export function useCustomerSurveys(customerId: string | null): LiveRead<LocalSurvey[]> {
  return useLiveRead(async () => (customerId ? queryCustomerSurveys(localDb, customerId) : []), [customerId]);
}
