import { deleteDeviceLogs, deviceLogBytes, oldestDeviceLogs } from '../android-logs/device-logs.repository';
import type { Kysely } from 'kysely';
import type { SharedState } from '../cluster/shared-state';
import type { Database } from '../db/database';
import {
  deleteOperationLogs,
  oldestOperationLogs,
  operationLogBytes,
} from '../pwa-operations/operation-log.repository';
import { type QuotaStore, type StorageLimits, type StorageQuota, storageQuota } from './storage-quota';

/**
 * What the routes used without logging in (device error logs, operation logs and their photos) may
 * keep together. Each address is also rate-limited, but many addresses (or one behind many) could
 * still fill the disk: 200 MB a day is about a hundred times what a busy clinic's devices send
 * (a device log is a few KB every 5 minutes, a photo 100-300 KB per failed analysis), and 2 GB in all
 * keeps the last 10 such days of the worst case while leaving the disk to the patients' records.
 * No address may send more than a tenth of a day's budget (20 MB, some 100 photos), so one sender
 * cannot spend the day for everyone; the clinic's own devices have a day's budget of their own.
 */
export const ANONYMOUS_STORAGE_LIMITS: StorageLimits = {
  dailyBytes: 200 * 1024 * 1024,
  totalBytes: 2 * 1024 * 1024 * 1024,
  addressShare: 0.1,
};

/** Rows looked at per round of pruning, from each table. */
const PRUNE_BATCH = 200;

/** Both tables as one store: measured together, pruned oldest first across them. */
export function anonymousStore(db: Kysely<Database>): QuotaStore {
  return {
    async measure(dayStart) {
      const [devices, operations] = await Promise.all([deviceLogBytes(db, dayStart), operationLogBytes(db, dayStart)]);
      return { total: devices.total + operations.total, today: devices.today + operations.today };
    },
    async pruneOldest(bytes, before) {
      let freed = 0;
      while (freed < bytes) {
        const [devices, operations] = await Promise.all([
          oldestDeviceLogs(db, before, PRUNE_BATCH),
          oldestOperationLogs(db, before, PRUNE_BATCH),
        ]);
        const oldest = [
          ...devices.map((d) => ({ ...d, kind: 'device' as const })),
          ...operations.map((o) => ({ ...o, kind: 'operation' as const })),
        ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
        if (oldest.length === 0) return;
        // A full batch may have older rows after it than the other table's last: take none past either's last.
        const horizon = [devices, operations]
          .filter((batch) => batch.length === PRUNE_BATCH)
          .map((batch) => batch.at(-1)!.at)
          .sort()[0];
        const deviceIds: number[] = [];
        const operationIds: string[] = [];
        for (const row of oldest) {
          if (freed >= bytes || (horizon !== undefined && row.at > horizon)) break;
          freed += row.bytes;
          if (row.kind === 'device') deviceIds.push(row.id);
          else operationIds.push(row.id);
        }
        await db.transaction().execute(async (trx) => {
          await deleteDeviceLogs(trx, deviceIds);
          await deleteOperationLogs(trx, operationIds);
        });
      }
    },
  };
}

export function anonymousStorageQuota(
  db: Kysely<Database>,
  now: () => Date,
  state: SharedState,
  limits: StorageLimits = ANONYMOUS_STORAGE_LIMITS,
): StorageQuota {
  return storageQuota(anonymousStore(db), limits, now, state);
}
