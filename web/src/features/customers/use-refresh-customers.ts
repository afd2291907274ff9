import { useCallback } from 'react';
import { syncEngine, useSyncStatus } from '../../sync';

/**
 * 更新 syncs now. The list already shows everything on the device, so a failed sync (offline) needs
 * no toast: the status bar shows the pending changes and the error.
 */
export function useRefreshCustomers() {
  const { syncing } = useSyncStatus();
  const refresh = useCallback(() => syncEngine.sync(), []);
  return { refresh, syncing };
}
