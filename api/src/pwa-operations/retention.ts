import { OPERATION_LOG_LIMITS } from '@clinic/sync-protocol/admin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { DAY_MS } from '../db/japan-time';
import { deleteOperationLogsBefore } from './operation-log.repository';

export const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** Deletes the entries (and photos) that arrived more than the retention period before `now`. */
export function pruneOperationLogs(db: Kysely<Database>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - OPERATION_LOG_LIMITS.retentionDays * DAY_MS).toISOString();
  return db.transaction().execute((trx) => deleteOperationLogsBefore(trx, before));
}

/**
 * Prunes at most once an hour, called after logs are stored: logs arrive all day, so no timer is
 * needed. The time is kept in memory; a restart only prunes once more.
 */
export function hourlyPrune(db: Kysely<Database>, now: () => Date): () => Promise<void> {
  let last: number | null = null;
  return async () => {
    const at = now();
    if (last !== null && at.getTime() - last < PRUNE_INTERVAL_MS) return;
    last = at.getTime();
    // A device's log was stored; a failed clean-up must not answer it with an error.
    await pruneOperationLogs(db, at).catch((error: unknown) => console.error('Pruning operation logs failed:', error));
  };
}
