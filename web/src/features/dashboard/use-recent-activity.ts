import { type LiveQueryResult, useLiveQuery } from '../../db/use-live-query';
import { localDb } from '../../sync';
import { type ActivityItem, queryRecentActivity } from './recent-activity';

/** The recent-activity list, kept current as records, their markers or a customer's name change. */
export function useRecentActivity(): LiveQueryResult<ActivityItem[]> {
  return useLiveQuery(['diagnoses', 'painMarkers', 'customers'], () => queryRecentActivity(localDb), []);
}
