import type { Db } from '../db/dialect';
import { currentCounter } from './counters.repository';

export type EpochInfo = {
  epoch: string;
  startedAt: string;
  restoredFrom: { epoch: string; version: number } | null;
};

function toInfo(row: {
  epoch: string;
  started_at: string;
  restored_from_epoch: string | null;
  restored_from_version: number | string | null;
}): EpochInfo {
  return {
    epoch: row.epoch,
    startedAt: row.started_at,
    restoredFrom:
      row.restored_from_epoch === null
        ? null
        : { epoch: row.restored_from_epoch, version: Number(row.restored_from_version ?? 0) },
  };
}

async function newestEpoch(db: Db) {
  return db.selectFrom('sync_epochs').selectAll().orderBy('seq', 'desc').limit(1).executeTakeFirst();
}

/**
 * The current epoch, made on first need: a new install (or a database from before epochs existed)
 * starts one. It changes only by a restore, which runs with the server stopped, so it never changes
 * under a running request.
 */
export async function currentEpoch(db: Db, now: () => Date = () => new Date()): Promise<EpochInfo> {
  const row = await newestEpoch(db);
  if (row) return toInfo(row);
  await db
    .insertInto('sync_epochs')
    .values({
      seq: 1,
      epoch: crypto.randomUUID(),
      started_at: now().toISOString(),
      restored_from_epoch: null,
      restored_from_version: null,
      backup_taken_at: null,
    })
    // Two first requests at once: one row wins, both read it.
    .onConflict((oc) => oc.doNothing())
    .execute();
  return toInfo((await newestEpoch(db))!);
}

/**
 * Starts a new epoch after a restore: it names the epoch the restored data was in and the version it
 * had reached, so a device from that same epoch sends only what came later.
 */
export async function startRestoredEpoch(
  db: Db,
  options: { now: Date; backupTakenAt: string | null },
): Promise<EpochInfo> {
  const before = await newestEpoch(db);
  const version = await currentCounter(db, 'version');
  const epoch = crypto.randomUUID();
  await db
    .insertInto('sync_epochs')
    .values({
      seq: Number(before?.seq ?? 0) + 1,
      epoch,
      started_at: options.now.toISOString(),
      restored_from_epoch: before?.epoch ?? null,
      restored_from_version: before ? version : null,
      backup_taken_at: options.backupTakenAt,
    })
    .execute();
  return currentEpoch(db);
}
