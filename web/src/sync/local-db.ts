import { ClinicDb, DB_NAME } from '../db/clinic-db';
import { createStatusStore, initialSyncStatus } from './sync-status';

/** The device's one local database. */
export const localDb = new ClinicDb(DB_NAME);

/**
 * What the top bar shows about sync, for the whole page. It exists from the start; the sync engine,
 * which loads after the first screen (runtime.ts), writes into it.
 */
export const syncStatus = createStatusStore(initialSyncStatus(navigator.onLine));
