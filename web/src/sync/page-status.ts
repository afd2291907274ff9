import { createStatusStore, initialSyncStatus } from './sync-status';

/**
 * What the top bar shows about sync, for the whole page. It exists from the start; the sync engine,
 * which loads after the first screen (runtime.ts), writes into it.
 */
export const syncStatus = createStatusStore(initialSyncStatus(navigator.onLine));

// The network as the browser reports it, followed from the start and whatever the engine is doing: the engine
// listens only while it runs (it loads late, and stops and starts again with the session), and a change it
// missed left the bar saying オンライン on a tablet that had lost its Wi-Fi.
window.addEventListener('online', () => syncStatus.set({ online: true }));
window.addEventListener('offline', () => syncStatus.set({ online: false }));
