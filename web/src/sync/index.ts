export {
  discardOthersChanges,
  localDb,
  mutateAsCurrentUser,
  mutateAllAsCurrentUser,
  startSync,
  startSyncFor,
  stopSync,
  stopSyncAndWait,
  syncEngine,
  wipeLocalData,
} from './runtime';
export type { Change } from './mutate';
export type { DeviceClaim } from './device-owner';
export { useSyncStatus } from './use-sync-status';
export { useSyncProblems, syncProblemsStore } from './use-sync-problems';
export { retryRejection, discardRejection, dismissConflict, revertConflict } from './problems';
export type { RejectionView, ConflictView, SyncProblems } from './problems-store';
export { countPendingChanges } from './pending';
export { LocalWriteError, SYNC_MESSAGES } from './errors';
export type { SyncStatus } from './sync-status';
export { entityOfMutation, entityOfTable, webEntity } from './entities';
export {
  customerCache,
  useCustomers,
  useCustomerCacheSnapshot,
  useCustomerSearch,
  type CustomerEntry,
  type CustomerSnapshot,
} from './live';
export {
  type VisitView,
  type VisitFilter,
  useVisitList,
  useCustomerVisits,
  useUsedMenus,
  visitTotals,
  usedMenus,
  lastPriceOf,
  useCustomerSurveys,
  type CustomerRecordCounts,
  countCustomerRecords,
  useCustomerRecordCounts,
} from './live';
export { customerLabel } from './entities';
