import type { User } from '@clinic/sync-protocol';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../api';
import { fetchUsers } from '../../api/users-api';
import { jaUsers } from '../../i18n/ja-users';

export type UsersState = { users: User[] | null; loading: boolean; error: string | null; offline: boolean };

/** The server's users, read online (DESIGN "Data flow": an admin view); reread when the network returns. */
export function useUsers() {
  const [state, setState] = useState<UsersState>({ users: null, loading: true, error: null, offline: !navigator.onLine });

  const reload = useCallback(async (signal?: AbortSignal) => {
    if (!navigator.onLine) return setState((s) => ({ ...s, loading: false, offline: true }));
    setState((s) => ({ ...s, loading: true, error: null, offline: false }));
    try {
      const users = await fetchUsers(signal);
      setState({ users, loading: false, error: null, offline: false });
    } catch (error) {
      if (signal?.aborted) return;
      const reason = error instanceof ApiError ? error.message : '';
      setState((s) => ({ ...s, loading: false, error: reason ? `${jaUsers.listFailed}：${reason}` : jaUsers.listFailed }));
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void reload(controller.signal);
    const online = () => void reload();
    const offline = () => setState((s) => ({ ...s, offline: true }));
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      controller.abort();
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [reload]);

  return { ...state, reload };
}
