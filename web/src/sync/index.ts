export { localDb, mutateAsCurrentUser, startSync, stopSync, syncEngine, wipeLocalData } from './runtime';
export { useSyncStatus } from './use-sync-status';
export { useSyncProblems, syncProblemsStore } from './use-sync-problems';
export { retryRejection, discardRejection, dismissConflict } from './problems';
export type { RejectionView, ConflictView, SyncProblems } from './problems-store';
export { countPendingChanges } from './pending';
export { stopSyncAndWait } from './idle';
export { LocalWriteError, SYNC_MESSAGES } from './errors';
export type { SyncStatus } from './sync-status';
