import type { SyncedTable } from '@clinic/sync-protocol';
import type { Db } from '../db/dialect';
import { applyPatch } from './apply-patch';
import { type MutatorContext, madeBy } from './mutator-context';

/** The columns every synced record has for its changes. */
type RecordRow = { id: string; updated_at: string; updated_by: string | null; version: number; deleted: number };
/** Writes changed columns of one record (each repository has one). */
export type RecordWriter<Row> = (db: Db, id: string, values: Partial<Row>) => Promise<void>;

/** What a change stamps on its record: when, by whom, and the version it took. */
export function changeStamp(ctx: MutatorContext) {
  return { updated_at: ctx.now, updated_by: madeBy(ctx).username, version: ctx.version };
}

/**
 * A plain update: the patch applied in arrival order (an overwritten newer value goes to the conflict
 * log, see applyPatch), written with the stamp. Returns the record as it now is and the changed fields.
 */
export async function patchRecord<Row extends RecordRow, F extends string>(
  ctx: MutatorContext,
  change: {
    table: SyncedTable;
    current: Row;
    columns: { readonly [K in F]: keyof Row & string };
    patch: Partial<Record<F, unknown>>;
    base: Partial<Record<F, unknown>>;
  },
  write: RecordWriter<Row>,
): Promise<{ row: Row; changed: F[] }> {
  const { values, changed } = await applyPatch(ctx, change);
  const written = { ...values, ...changeStamp(ctx) } as Partial<Row>;
  await write(ctx.trx, change.current.id, written);
  return { row: { ...change.current, ...written }, changed };
}

/** A delete: the record stays as a tombstone, so a pull can tell every device to drop it. */
export async function tombstone<Row extends RecordRow>(
  ctx: MutatorContext,
  current: Row,
  write: RecordWriter<Row>,
): Promise<Row> {
  const written = { deleted: 1, ...changeStamp(ctx) } as Partial<Row>;
  await write(ctx.trx, current.id, written);
  return { ...current, ...written };
}
