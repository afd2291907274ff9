export { localDb, mutateAsCurrentUser, startSync, stopSync, syncEngine, wipeLocalData } from './runtime';
export { useSyncStatus } from './use-sync-status';
export { LocalWriteError, SYNC_MESSAGES } from './errors';
export type { SyncStatus } from './sync-status';
