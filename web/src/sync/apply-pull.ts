import { type PullResponse, type RecordMeta, SYNCED_TABLES, type SyncedTable } from '@clinic/sync-protocol';
import type { Table } from 'dexie';
import type { ClinicDb, DeletionEntry, Local } from '../data/clinic-db';
import { deletionEntry, noteDeletions } from './deletion-log';
import { webEntity } from '../data/entities';
import { applyLocal } from '../data/mutators';
import { withGone } from '../data/mutators/local-context';

type Row = { id: string; deleted: boolean };
type AnyTable = Table<Local<Row>, string>;

/** Pull and rebase treat every synced table alike: rows with an id and a tombstone flag. */
const tableOf = (db: ClinicDb, table: SyncedTable): AnyTable => db.synced(table) as unknown as AnyTable;

/**
 * Writes one pull page in ONE transaction: server rows, drop the outbox entries the server has
 * applied, then rebase: reset every pending row to its server state and re-run what is still pending,
 * so local edits stay visible on top of the newest server data.
 */
export async function applyPull(db: ClinicDb, pull: PullResponse, userName: string | null): Promise<void> {
  const tables = [...db.allSynced(), db.outbox, db.rejections, db.conflicts, db.meta, db.deletions];
  await db.transaction('rw', tables, async () => {
    const deletions: DeletionEntry[] = [];
    for (const name of SYNCED_TABLES) {
      const rows: Row[] = pull.changes[name];
      const table = tableOf(db, name);
      if (rows.length === 0) continue;
      const pendingIds = new Set(await table.where('pending').equals(1).primaryKeys());
      const pendingRows = pendingIds.size
        ? await table.bulkGet(rows.filter((r) => pendingIds.has(r.id)).map((r) => r.id))
        : [];
      const pendingById = new Map(pendingRows.filter((r): r is Local<Row> => r !== undefined).map((r) => [r.id, r]));
      const puts: Array<Local<Row>> = [];
      const deletes: string[] = [];
      // A deleted customer stays as a tombstone while other records name them (see WebEntity).
      const keep = webEntity(name).keepsTombstones;
      for (const row of rows) {
        // Kept in the deletion log, so a heal deletes it again on a server restored from an older backup.
        if (row.deleted && !keep) deletions.push(deletionEntry(name, row as Row & RecordMeta));
        const local = pendingById.get(row.id);
        if (local) puts.push({ ...local, server: row.deleted && !keep ? null : row });
        else if (row.deleted && !keep) deletes.push(row.id);
        else puts.push(withGone({ ...row, pending: 0 }));
      }
      await table.bulkPut(puts);
      await table.bulkDelete(deletes);
    }
    await noteDeletions(db, deletions);

    await db.outbox.where('id').belowOrEqual(pull.lastMutationId).delete();
    await rebase(db, userName);

    if (pull.rejections.length) await db.rejections.bulkPut(pull.rejections);
    if (pull.conflicts.length) await db.conflicts.bulkPut(pull.conflicts);
    await db.meta.bulkPut([
      { key: 'cookie', value: pull.cookie },
      { key: 'lastMutationIdAcked', value: pull.lastMutationId },
      { key: 'lastSyncedAt', value: new Date().toISOString() },
    ]);
  });
}

async function rebase(db: ClinicDb, userName: string | null) {
  for (const name of SYNCED_TABLES) {
    const table = tableOf(db, name);
    const pending = await table.where('pending').equals(1).toArray();
    if (pending.length === 0) continue;
    const resets = pending.filter((row) => row.server).map((row) => withGone({ ...row.server!, pending: 0 as const }));
    await table.bulkPut(resets);
    await table.bulkDelete(pending.filter((row) => !row.server).map((row) => row.id));
  }
  const remaining = await db.outbox.orderBy('id').toArray();
  for (const mutation of remaining) {
    await applyLocal({ db, clientTime: mutation.clientTime, userName }, mutation);
  }
}
