import { useSyncExternalStore } from 'react';
import { syncEngine } from './runtime';
import type { SyncStatus } from './sync-status';

/** The sync state the top bar shows; re-renders when it changes. */
export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(syncEngine.status.subscribe, syncEngine.status.get, syncEngine.status.get);
}
