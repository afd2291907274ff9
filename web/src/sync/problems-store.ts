import type { Conflict, Rejection } from '@clinic/sync-protocol';
import type { TableChange } from '../db/changes';
import type { ClinicDb } from '../db/clinic-db';
import { createLiveStore } from '../db/live-store';

export type RejectionView = Rejection & { customerName: string | null };
export type ConflictView = Conflict & { customerName: string | null };
export type SyncProblems = {
  rejections: readonly RejectionView[];
  conflicts: readonly ConflictView[];
  /** Records that have an unacknowledged overwritten value. */
  conflictedIds: ReadonlySet<string>;
};

const EMPTY: SyncProblems = { rejections: [], conflicts: [], conflictedIds: new Set() };

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}
const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** The customer a refused mutation was about: its args name it, or the record does. */
export function rejectionRecordId(rejection: Rejection): string | null {
  return str(field(rejection.args, 'id'));
}

function nameInArgs(rejection: Rejection): string | null {
  return str(field(rejection.args, 'name')) ?? str(field(field(rejection.args, 'patch'), 'name'));
}

/**
 * The refused changes and overwritten values on this device, with the customer names they concern,
 * reloaded when a pull or the person changes them. Small tables, so a full re-read is fine.
 */
export function createProblemsStore(db: ClinicDb) {
  // The customers the problems name: a change to one of them may change a name shown.
  let referenced = new Set<string>();

  const load = async (): Promise<SyncProblems> => {
    const [rejections, conflicts] = await Promise.all([db.rejections.orderBy('mutationId').toArray(), db.conflicts.orderBy('id').toArray()]);
    const ids = [...new Set([...conflicts.map((c) => c.recordId), ...rejections.map(rejectionRecordId).filter((id) => id !== null)])];
    const rows = await db.customers.bulkGet(ids);
    const names = new Map(ids.map((id, i) => [id, rows[i]?.name ?? null]));
    const lookup = (id: string | null) => (id === null ? null : (names.get(id) ?? null));
    referenced = new Set(ids);
    return {
      rejections: rejections.map((r) => ({ ...r, customerName: nameInArgs(r) ?? lookup(rejectionRecordId(r)) })),
      conflicts: conflicts.map((c) => ({ ...c, customerName: lookup(c.recordId) })),
      conflictedIds: new Set(conflicts.map((c) => c.recordId)),
    };
  };

  const onChange = ({ table, ids }: TableChange) => {
    if (table === 'rejections' || table === 'conflicts') return load;
    if (table === 'customers' && (ids === 'all' || ids.some((id) => referenced.has(id)))) return load;
    return null;
  };

  return createLiveStore(EMPTY, load, onChange);
}
