import type { Conflict, Rejection } from '@clinic/sync-protocol';
import { onTableChange, type TableChange } from '../db/changes';
import type { ClinicDb } from '../db/clinic-db';

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
  let snapshot = EMPTY;
  let referenced = new Set<string>();
  let stopWatching: (() => void) | null = null;
  let queue: Promise<void> = Promise.resolve();
  const listeners = new Set<() => void>();

  const load = async () => {
    const [rejections, conflicts] = await Promise.all([db.rejections.orderBy('mutationId').toArray(), db.conflicts.orderBy('id').toArray()]);
    const ids = [...new Set([...conflicts.map((c) => c.recordId), ...rejections.map(rejectionRecordId).filter((id) => id !== null)])];
    const rows = await db.customers.bulkGet(ids);
    const names = new Map(ids.map((id, i) => [id, rows[i]?.name ?? null]));
    const lookup = (id: string | null) => (id === null ? null : (names.get(id) ?? null));
    referenced = new Set(ids);
    snapshot = {
      rejections: rejections.map((r) => ({ ...r, customerName: nameInArgs(r) ?? lookup(rejectionRecordId(r)) })),
      conflicts: conflicts.map((c) => ({ ...c, customerName: lookup(c.recordId) })),
      conflictedIds: new Set(conflicts.map((c) => c.recordId)),
    };
    for (const listener of listeners) listener();
  };

  const reload = () => {
    queue = queue.then(load).catch(() => undefined);
    return queue;
  };

  const onChange = ({ table, ids }: TableChange) => {
    if (table === 'rejections' || table === 'conflicts') void reload();
    else if (table === 'customers' && (ids === 'all' || ids.some((id) => referenced.has(id)))) void reload();
  };

  return {
    getSnapshot: (): SyncProblems => snapshot,
    subscribe(listener: () => void): () => void {
      if (!stopWatching) {
        stopWatching = onTableChange(onChange);
        void reload();
      }
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    settled: (): Promise<void> => queue,
    dispose(): void {
      stopWatching?.();
      stopWatching = null;
    },
  };
}
