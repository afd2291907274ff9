import { onlineQueryClient } from '../online/query-client';

/**
 * A screen's test with the online views' retry waits (1 s, 2 s, 4 s; online/use-online-query.test.tsx holds
 * them) cut to nothing: every attempt is still made, and a failure's words show at once. Returns the undo.
 */
export function withoutRetryWaits(): () => void {
  const queries = onlineQueryClient.getDefaultOptions().queries;
  onlineQueryClient.setDefaultOptions({ queries: { ...queries, retryDelay: 0 } });
  return () => onlineQueryClient.setDefaultOptions({ queries });
}
