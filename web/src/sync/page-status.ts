import { createStatusStore, initialSyncStatus } from './sync-status';

/**
 * What the top bar shows about sync, for the whole page. It exists from the start; the sync engine,
 * which loads after the first screen (runtime.ts), writes into it.
 */
export const syncStatus = createStatusStore(initialSyncStatus(navigator.onLine));
