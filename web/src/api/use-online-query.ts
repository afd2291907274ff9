import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ApiError } from './errors';

export type OnlineQueryState<T> = { data: T | null; loading: boolean; error: string | null; offline: boolean };

/** The browser's network state as an external store: one read, re-rendered on `online`/`offline`. */
function subscribeToNetwork(changed: () => void): () => void {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
}
const isOnline = () => navigator.onLine;

/** What the last finished load said, and for which request (see `request` below). */
type Answer<T> = { request: string; data: T | null; error: string | null };

/**
 * An admin screen's online view of server data (DESIGN "Data flow"): loaded when shown and whenever
 * `key` changes, reread when the network returns, and says it is offline instead of failing.
 * `failed` is the screen's own message (spec 8); the server's reason is appended when it gave one.
 */
export function useOnlineQuery<T>(
  load: (signal: AbortSignal) => Promise<T>,
  key: string,
  failed: string,
): OnlineQueryState<T> & { reload: () => void } {
  const online = useSyncExternalStore(subscribeToNetwork, isOnline);
  // Counts the loads asked for besides a new key: reload() and the network's return.
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<Answer<T>>({ request: '', data: null, error: null });
  // The latest `load` (often a new closure each render) for the effect to call, without reloading for it.
  const loadRef = useRef(load);
  useLayoutEffect(() => {
    loadRef.current = load;
  });
  // The load the screen wants now; it is loading until the answer is for this one. The previous data stays shown.
  const request = JSON.stringify([key, attempt]);
  const loading = online && answer.request !== request;

  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setAnswer({ request, data, error: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const reason = error instanceof ApiError ? error.message : '';
        setAnswer((last) => ({ request, data: last.data, error: reason ? `${failed}：${reason}` : failed }));
      },
    );
    return () => controller.abort();
  }, [request, online, failed]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  useEffect(() => {
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [reload]);

  return { data: answer.data, loading, error: loading ? null : answer.error, offline: !online, reload };
}
