import { keepPreviousData, onlineManager, useQuery } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { ApiError } from '../api/errors';
import type { ReadOptions } from '../api/http';
import { ONLINE_VIEW_TIMEOUT_MS, onlineQueryClient } from './query-client';

/** What a view's load passes on to the request path: the query's abort and the 10 s limit of each attempt. */
export type OnlineCall = Required<ReadOptions>;

export type OnlineQueryState<T> = {
  data: T | null;
  loading: boolean;
  error: string | null;
  offline: boolean;
  reload: () => void;
};

const isOnline = () => onlineManager.isOnline();
const subscribeToNetwork = (changed: () => void) => onlineManager.subscribe(changed);

/**
 * An admin screen's online view of server data (DESIGN "Data flow"; spec 7/9 "Safe fetch"): loaded when shown
 * and whenever `key` changes, each attempt abandoned after 10 s, retried 3 times (1 s, 2 s, 4 s) when the
 * network, a timeout or the server failed; paused while offline, which it says instead of failing, and read
 * again when the network returns. A 401 ends the session in the request path (api/client.ts), as everywhere.
 * `key` names the screen's request and everything it depends on; `failed` is the screen's own message
 * (spec 8), with the server's reason appended when it gave one. The previous data stays shown meanwhile.
 */
export function useOnlineQuery<T>(
  key: readonly unknown[],
  load: (call: OnlineCall) => Promise<T>,
  failed: string,
): OnlineQueryState<T> {
  const offline = !useSyncExternalStore(subscribeToNetwork, isOnline);
  const query = useQuery(
    {
      queryKey: key,
      queryFn: ({ signal }) => load({ signal, timeoutMs: ONLINE_VIEW_TIMEOUT_MS }),
      placeholderData: keepPreviousData,
    },
    onlineQueryClient,
  );
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  const loading = !offline && query.isFetching;
  const reason = query.error instanceof ApiError ? query.error.message : '';
  const error = loading || !query.isError ? null : reason ? `${failed}：${reason}` : failed;
  return { data: query.data ?? null, loading, error, offline, reload };
}
