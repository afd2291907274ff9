import { todayInJapan } from '@clinic/sync-protocol';

/**
 * The patient's visit of today (in Japan), the latest when there are two: the one a record made now
 * belongs to. Visits come newest first, as the live reads give them.
 */
export function todayVisitOf<V extends { id: string; date: string }>(
  visits: readonly V[],
  today: string = todayInJapan(),
): V | null {
  return visits.find((visit) => visit.date === today) ?? null;
}
