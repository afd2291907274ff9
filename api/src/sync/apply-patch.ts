import { type SyncedTable, sameValue } from '@clinic/sync-protocol';
import { type MutatorContext, madeBy } from './mutator-context';
import { insertConflict } from './problems.repository';

type PatchableRow = { id: string; updated_by: string | null };

/**
 * An update's patch applied in arrival order, the same for every entity. A field already holding the
 * new value is skipped; a field whose server value is no longer the one the edit was based on is still
 * overwritten, and the lost value goes to the conflict log so no one's input silently vanishes.
 * Returns the column values to write and the fields that changed.
 */
export async function applyPatch<Row extends PatchableRow, F extends string>(
  ctx: MutatorContext,
  change: {
    table: SyncedTable;
    current: Row;
    columns: { readonly [K in F]: keyof Row & string };
    patch: Partial<Record<F, unknown>>;
    base: Partial<Record<F, unknown>>;
  },
): Promise<{ values: Partial<Row>; changed: F[] }> {
  const { table, current, columns, patch, base } = change;
  const values: Partial<Row> = {};
  const changed: F[] = [];
  for (const field of Object.keys(columns) as F[]) {
    if (!Object.hasOwn(patch, field)) continue;
    const column = columns[field];
    const next = patch[field];
    const now = current[column];
    if (sameValue(now, next)) continue;
    if (Object.hasOwn(base, field) && !sameValue(now, base[field])) {
      await insertConflict(ctx.trx, {
        table,
        recordId: current.id,
        field,
        overwritten: now,
        value: next,
        by: madeBy(ctx).username,
        overwrittenBy: current.updated_by,
        at: ctx.now,
        version: ctx.version,
      });
    }
    Object.assign(values, { [column]: next });
    changed.push(field);
  }
  return { values, changed };
}
