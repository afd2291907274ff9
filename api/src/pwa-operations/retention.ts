import { OPERATION_LOG_LIMITS } from '@clinic/sync-protocol/admin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { DAY_MS } from '@clinic/sync-protocol/rules';
import { deleteOperationLogsBefore } from './operation-log.repository';

/** Deletes the entries (and photos) that arrived more than the retention period before `now`. */
export function pruneOperationLogs(db: Kysely<Database>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - OPERATION_LOG_LIMITS.retentionDays * DAY_MS).toISOString();
  return db.transaction().execute((trx) => deleteOperationLogsBefore(trx, before));
}
