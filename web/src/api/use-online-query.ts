import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from './errors';

export type OnlineQueryState<T> = { data: T | null; loading: boolean; error: string | null; offline: boolean };

/**
 * An admin screen's online view of server data (DESIGN "Data flow"): loaded when shown and whenever
 * `key` changes, reread when the network returns, and says it is offline instead of failing.
 * `failed` is the screen's own message (spec 8); the server's reason is appended when it gave one.
 */
export function useOnlineQuery<T>(load: (signal: AbortSignal) => Promise<T>, key: string, failed: string) {
  const [state, setState] = useState<OnlineQueryState<T>>({ data: null, loading: true, error: null, offline: !navigator.onLine });
  const loadRef = useRef(load);
  loadRef.current = load;
  const current = useRef<AbortController | null>(null);

  const reload = useCallback(async () => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    if (!navigator.onLine) return setState((s) => ({ ...s, loading: false, offline: true }));
    setState((s) => ({ ...s, loading: true, error: null, offline: false }));
    try {
      const data = await loadRef.current(controller.signal);
      if (!controller.signal.aborted) setState({ data, loading: false, error: null, offline: false });
    } catch (error) {
      if (controller.signal.aborted) return;
      const reason = error instanceof ApiError ? error.message : '';
      setState((s) => ({ ...s, loading: false, error: reason ? `${failed}：${reason}` : failed }));
    }
  }, [failed]);

  useEffect(() => {
    void reload();
    return () => current.current?.abort();
  }, [reload, key]);

  useEffect(() => {
    const online = () => void reload();
    const offline = () => setState((s) => ({ ...s, offline: true }));
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [reload]);

  return { ...state, reload };
}
