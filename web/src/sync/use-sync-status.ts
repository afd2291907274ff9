import { useSyncExternalStore } from 'react';
import { syncStatus } from './page-status';
import type { SyncStatus } from './sync-status';

/** The sync state the top bar shows; re-renders when it changes. */
export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(syncStatus.subscribe, syncStatus.get, syncStatus.get);
}
