export { SyncNowButton, type SyncNowButtonProps } from './sync-now-button';
export { useSyncNow } from './use-sync-now';
