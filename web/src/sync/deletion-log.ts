import type { HealDeletion, SyncedTable } from '@clinic/sync-protocol';
import type { ClinicDb, DeletionEntry } from '../data/clinic-db';

/*
 * The device's deletion log. Most entities leave the device when deleted (only customers keep a
 * tombstone), so after a restore from an older backup the heal, which sends the rows the device holds,
 * would never say they were deleted: the backup's copy came back. Each deletion seen in a pull is
 * therefore noted here (id, when, by whom: no patient data, nothing to seal) and sent again by the heal.
 *
 * Why a bounded log rather than tombstones kept until a backup confirms them: the device cannot know
 * which backup an administrator will restore (any of the last `--keep N`), and the server cannot tell
 * it. A deletion older than every backup that may be restored is in all of them, so it can go: entries
 * are kept DELETION_LOG_DAYS (well past the nightly `--keep 14` of the README), and at most
 * DELETION_LOG_MAX of them (the oldest go first), about 3 MB at worst.
 */
export const DELETION_LOG_DAYS = 180;
export const DELETION_LOG_MAX = 20_000;

type DeletedRow = { id: string; version: number; updatedAt: string; updatedBy: string | null };

export const deletionEntry = (table: SyncedTable, row: DeletedRow): DeletionEntry => ({
  key: `${table}:${row.id}`,
  table,
  id: row.id,
  version: row.version,
  updatedAt: row.updatedAt,
  updatedBy: row.updatedBy,
});

/** Notes deletions (inside the caller's transaction, which must include db.deletions), then bounds the log. */
export async function noteDeletions(db: ClinicDb, entries: DeletionEntry[], now = new Date()): Promise<void> {
  if (entries.length === 0) return;
  await db.deletions.bulkPut(entries);
  const cutoff = new Date(now.getTime() - DELETION_LOG_DAYS * 86_400_000).toISOString();
  await db.deletions.where('updatedAt').below(cutoff).delete();
  const over = (await db.deletions.count()) - DELETION_LOG_MAX;
  if (over > 0) await db.deletions.orderBy('updatedAt').limit(over).delete();
}

/** The deletions of one table above `version` (those the restored backup may lack), for a heal. */
export async function deletionsAbove(db: ClinicDb, table: SyncedTable, version: number): Promise<HealDeletion[]> {
  const entries = await db.deletions
    .where('[table+version]')
    .between([table, version + 1], [table, Infinity])
    .toArray();
  return entries.map(({ id, updatedAt, updatedBy }) => ({ id, updatedAt, updatedBy }));
}
