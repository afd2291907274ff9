import { useCallback } from 'react';
import { useToast } from '../../components/toast';
import { ja } from '../../i18n/ja';
import { syncEngine, useSyncStatus } from '../../sync';

const t = ja.customers;

/**
 * 同期 syncs now. The list already shows everything on the device, so offline is no error: the person
 * is told the changes go when the connection returns (at once when the device is known to be offline,
 * or after a try that found it so), and the status bar keeps showing what is pending.
 */
export function useRefreshCustomers() {
  const { syncing } = useSyncStatus();
  const toast = useToast();
  const refresh = useCallback(async () => {
    const offline = !syncEngine.status.get().online;
    if (offline) toast.info(t.syncOffline);
    await syncEngine.sync();
    if (!offline && !syncEngine.status.get().online) toast.info(t.syncOffline);
  }, [toast]);
  return { refresh, syncing };
}
