import Dexie, { type DBCoreTable, type DBCoreTransaction } from 'dexie';
import { openRow, type Shape } from './seal-row';
import { SET_ASIDE_TABLE, type SetAsideRow } from './set-aside';

/**
 * Moves a refused row, as stored, to the database's `setAside` store, in a transaction of its own after
 * the read that found it (that one may be read-only, or a live query's). The row is read again below
 * the middleware and moved only if it still does not open: a write meanwhile may have replaced it.
 * A database without the store only skips such rows (its reads never show them).
 */
const rawTables = new WeakMap<Dexie, (name: string) => DBCoreTable>();

/** The middleware lends its lower layer: rows as stored, to read a refused row again and move it. */
export function lendRawTables(db: Dexie, tables: (name: string) => DBCoreTable): void {
  rawTables.set(db, tables);
}

export function moveAsideLater(db: Dexie, shape: Shape, key: unknown): void {
  if (key === undefined || !db.tables.some((table) => table.name === SET_ASIDE_TABLE)) return;
  setTimeout(() => void Dexie.ignoreTransaction(() => moveAside(db, shape, key)).catch(() => undefined), 0);
}

export async function moveAside(db: Dexie, shape: Shape, key: unknown): Promise<boolean> {
  const raw = rawTables.get(db)?.(shape.name);
  if (!raw) return false;
  return db.transaction('rw', [shape.name, SET_ASIDE_TABLE], async (tx) => {
    const trans = tx.idbtrans as unknown as DBCoreTransaction; // Dexie's core transaction is the IDB one
    const stored: unknown = await raw.get({ trans, key });
    if (stored === undefined || 'row' in openRow(shape, stored, key)) return false;
    const row: SetAsideRow = { id: crypto.randomUUID(), table: shape.name, key, stored, at: new Date().toISOString() };
    await db.table<SetAsideRow, string>(SET_ASIDE_TABLE).add(row);
    await db.table(shape.name).delete(key as never);
    return true;
  });
}
