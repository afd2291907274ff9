export { startSync, stopSync, stopSyncAndWait, syncEngine, wipeLocalData } from './runtime';
export { useSyncStatus } from './use-sync-status';
export { useSyncProblems, syncProblemsStore } from './use-sync-problems';
export { retryRejection, discardRejection, dismissConflict, revertConflict } from './problems';
export type { RejectionView, ConflictView, SyncProblems } from './problems-store';
export { countPendingChanges } from './pending';
export type { SyncStatus } from './sync-status';
export { usePendingItems } from './use-pending-items';
export type { PendingItem } from './pending-items';
