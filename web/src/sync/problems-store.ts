import { type Conflict, type Rejection, SYNCED_TABLES, type SyncedTable } from '@clinic/sync-protocol';
import type { ClinicDb } from '../data/clinic-db';
import { createLiveStore } from '../data/live-store';
import type { TableChanges } from '../data/table-changes';
import { type WebEntity, entityOfMutation, entityOfTable } from '../data/entities';
import { stringAt } from '../data/entities/read-args';

/** A problem with how a person names the record it concerns (null: not known on this device). */
export type RejectionView = Rejection & { recordName: string | null };
export type ConflictView = Conflict & { recordName: string | null };
export type SyncProblems = {
  rejections: readonly RejectionView[];
  conflicts: readonly ConflictView[];
  /** Records that have an unacknowledged overwritten value. */
  conflictedIds: ReadonlySet<string>;
};

const EMPTY: SyncProblems = { rejections: [], conflicts: [], conflictedIds: new Set() };

/** The record a refused mutation was about: its args name it. */
export function rejectionRecordId(rejection: Rejection): string | null {
  return stringAt(rejection.args, 'id');
}

type Target = { table: SyncedTable; entity: WebEntity<SyncedTable>; id: string } | null;

async function nameOf(db: ClinicDb, target: Target, fallback: string | null): Promise<string | null> {
  if (!target) return fallback;
  const row = await db.synced(target.table).get(target.id);
  return row && !row.deleted ? await target.entity.recordName(db, row) : fallback;
}

/**
 * The refused changes and overwritten values on this device, each with the name of the record it
 * concerns, whatever entity that is; reloaded when a pull or the person changes them. Small tables, so a
 * full re-read is fine.
 */
export function createProblemsStore(db: ClinicDb) {
  let snapshot = EMPTY;

  const load = async (): Promise<SyncProblems> => {
    const [rejections, conflicts] = await Promise.all([
      db.rejections.orderBy('mutationId').toArray(),
      db.conflicts.orderBy('id').toArray(),
    ]);
    const rejectionViews = await Promise.all(
      rejections.map(async (r): Promise<RejectionView> => {
        const found = entityOfMutation(r.name);
        const id = rejectionRecordId(r);
        const target = found && id ? { ...found, id } : null;
        return { ...r, recordName: await nameOf(db, target, found?.entity.nameInArgs(r.args) ?? null) };
      }),
    );
    const conflictViews = await Promise.all(
      conflicts.map(async (c): Promise<ConflictView> => {
        const found = entityOfTable(c.table);
        return { ...c, recordName: await nameOf(db, found && { ...found, id: c.recordId }, null) };
      }),
    );
    snapshot = {
      rejections: rejectionViews,
      conflicts: conflictViews,
      conflictedIds: new Set(conflicts.map((c) => c.recordId)),
    };
    return snapshot;
  };

  // A record's name may come from other records (a visit is named by its customer), so while there are
  // problems any change to synced data reloads them; there are seldom more than a few.
  const onChange = (changes: TableChanges) => {
    if (changes.has('rejections') || changes.has('conflicts')) return load;
    const problems = snapshot.rejections.length + snapshot.conflicts.length > 0;
    return problems && SYNCED_TABLES.some((table) => changes.has(table)) ? load : null;
  };

  return createLiveStore(db, EMPTY, load, onChange);
}
