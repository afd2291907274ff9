import { useCallback } from 'react';
import { syncEngine, useSyncStatus } from '../../sync';
import { useToast } from '../toast';

/**
 * Syncs now. A list already shows everything on the device, so offline is no error: the person is told
 * (`offlineMessage`) that the changes go when the connection returns, at once when the device is known
 * to be offline, or after a try that found it so; the status bar keeps showing what is pending.
 */
export function useSyncNow(offlineMessage: string) {
  const { syncing } = useSyncStatus();
  const toast = useToast();
  const syncNow = useCallback(async () => {
    const offline = !syncEngine.status.get().online;
    if (offline) toast.info(offlineMessage);
    await syncEngine.sync();
    if (!offline && !syncEngine.status.get().online) toast.info(offlineMessage);
  }, [toast, offlineMessage]);
  return { syncNow, syncing };
}
