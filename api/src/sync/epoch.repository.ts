import type { Db } from '../db/dialect';
import { raiseCounter } from './counters.repository';
import { SQL_TABLES } from './heal-rows';

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
 * The highest version the restored rows hold: what the backup really has, whatever its counter says.
 * (pg_dump reads sequences outside its snapshot, so a dump's sequence can be ahead of its rows.)
 */
export async function highestRowVersion(db: Db): Promise<number> {
  let highest = 0;
  for (const table of Object.values(SQL_TABLES)) {
    // Every synced table has a version column; Kysely cannot follow a table chosen at run time.
    const row = await db
      .selectFrom(table as 'customers')
      .select((eb) => eb.fn.max('version').as('v'))
      .executeTakeFirst();
    highest = Math.max(highest, Number(row?.v ?? 0));
  }
  return highest;
}

/**
 * Starts a new epoch after a restore: it names the epoch the restored data was in and the version up to
 * which it holds every row, so a device from that same epoch sends only what came later. That version is
 * read from the restored rows themselves, and never above `backupVersion`, the version up to which every
 * change had settled when the backup's snapshot was taken (on PostgreSQL a push holding a lower version
 * may commit after a higher one: the rows' highest alone could pass over it). The counter is raised past
 * the rows, so no new change takes a version a restored row already has.
 */
export async function startRestoredEpoch(
  db: Db,
  options: { now: Date; backupTakenAt: string | null; backupVersion?: number | null },
): Promise<EpochInfo> {
  const before = await newestEpoch(db);
  const inRows = await highestRowVersion(db);
  const version = Math.min(inRows, options.backupVersion ?? inRows);
  if (inRows > 0) await raiseCounter(db, 'version', inRows);
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
