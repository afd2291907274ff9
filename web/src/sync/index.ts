export {
  discardOthersChanges,
  startSync,
  startSyncFor,
  stopSync,
  stopSyncAndWait,
  syncEngine,
  wipeLocalData,
} from './runtime';
export type { DeviceClaim } from './device-owner';
export { useSyncStatus } from './use-sync-status';
export { useSyncProblems, syncProblemsStore } from './use-sync-problems';
export { retryRejection, discardRejection, dismissConflict, revertConflict } from './problems';
export type { RejectionView, ConflictView, SyncProblems } from './problems-store';
export { countPendingChanges } from './pending';
export type { SyncStatus } from './sync-status';
