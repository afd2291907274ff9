import { localDb } from './runtime';

/** Changes on this device the server has not confirmed yet (read fresh, not from the status store). */
export function countPendingChanges(): Promise<number> {
  return localDb.outbox.count();
}
