import { useEffect } from 'react';
import { requestPersistentStorage } from '../../db/persistent-storage';
import { startSync, stopSync } from '../../sync';

/**
 * Syncs while someone is logged in; stops when the session ends (logout, expiry, 401).
 * The first logged-in page after a login also asks the browser to keep the device's data.
 */
export function useSyncRuntime(loggedIn: boolean): void {
  useEffect(() => {
    if (!loggedIn) return;
    requestPersistentStorage();
    startSync();
    return stopSync;
  }, [loggedIn]);
}
