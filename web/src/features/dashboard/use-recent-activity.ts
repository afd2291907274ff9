import { type LiveRead, useLiveRead } from '../../data/live-read';
import { localDb } from '../../data/local-db';
import { type ActivityItem, queryRecentActivity } from './recent-activity';

/** The recent-activity list, kept current as records, their markers or a customer's name change. */
export function useRecentActivity(): LiveRead<ActivityItem[]> {
  return useLiveRead(() => queryRecentActivity(localDb), []);
}
