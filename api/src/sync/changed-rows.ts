import type { Selectable } from 'kysely';
import type { Database } from '../db/database';
import type { Db } from '../db/dialect';

/** The tables that hold synced records (by their SQL name, which may differ from the protocol's). */
export type RecordTable = { [K in keyof Database]: Database[K] extends { id: string; version: number } ? K : never }[keyof Database];

/**
 * Rows of one synced table with after < version <= upTo, in version order, tombstones included: what a
 * pull pages through. Every synced table has the same `version` and `id` columns, so one query serves all.
 */
export function changedRows<T extends RecordTable>(db: Db, table: T, after: number, upTo: number, limit?: number): Promise<Selectable<Database[T]>[]> {
  // Kysely cannot follow a generic table name through the builder; the columns used exist in each.
  let query = db.selectFrom(table as 'customers').selectAll().where('version', '>', after).where('version', '<=', upTo).orderBy('version').orderBy('id');
  if (limit !== undefined) query = query.limit(limit);
  return query.execute() as Promise<unknown> as Promise<Selectable<Database[T]>[]>;
}
