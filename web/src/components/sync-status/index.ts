export { SyncStatusBar } from './sync-status-bar';
export { openSyncProblems } from './problems-drawer-store';
