import { type Selectable, sql } from 'kysely';
import type { Database } from '../db/database';
import type { Db } from '../db/dialect';

/** The tables that hold synced records (by their SQL name, which may differ from the protocol's). */
export type RecordTable = {
  [K in keyof Database]: Database[K] extends { id: string; version: number } ? K : never;
}[keyof Database];

/**
 * Rows of one synced table with after < version <= upTo, in version order, tombstones included: what a
 * pull pages through. Every synced table has the same `version` and `id` columns, so one query serves all.
 */
export function changedRows<T extends RecordTable>(
  db: Db,
  table: T,
  after: number,
  upTo: number,
  limit?: number,
): Promise<Selectable<Database[T]>[]> {
  // Kysely cannot follow a generic table name through the builder; the columns used exist in each.
  let query = db
    .selectFrom(table as 'customers')
    .selectAll()
    .where('version', '>', after)
    .where('version', '<=', upTo)
    .orderBy('version')
    .orderBy('id');
  if (limit !== undefined) query = query.limit(limit);
  return query.execute() as Promise<unknown> as Promise<Selectable<Database[T]>[]>;
}

/** What a pull would find with after < version <= upTo: per table, and this client's rejections and the conflicts. */
export type ChangedSince = { tables: Set<RecordTable>; rejections: boolean; conflicts: boolean };

/**
 * Which of these tables (and the client's rejections, and the conflicts) hold any change in the range,
 * in one statement: a device's pull usually finds changes in one or two tables, and on PostgreSQL each
 * query it spares is a round trip. Read in the pull's snapshot, so it agrees with the rows read after it.
 */
export async function changedSince(
  db: Db,
  tables: readonly RecordTable[],
  range: { clientId: string; after: number; upTo: number },
): Promise<ChangedSince> {
  const { clientId, after, upTo } = range;
  const inRange = sql`version > ${after} and version <= ${upTo}`;
  const probes = [
    ...tables.map(
      (table) => sql`exists (select 1 from ${sql.table(table)} where ${inRange}) as ${sql.id(`t_${table}`)}`,
    ),
    sql`exists (select 1 from sync_rejections where client_id = ${clientId} and ${inRange}) as rejections`,
    sql`exists (select 1 from sync_conflicts where ${inRange}) as conflicts`,
  ];
  const { rows } = await sql<Record<string, unknown>>`select ${sql.join(probes)}`.execute(db);
  // SQLite answers 0/1, PostgreSQL true/false.
  const found = (key: string) => Boolean(Number(rows[0]?.[key]));
  return {
    tables: new Set(tables.filter((table) => found(`t_${table}`))),
    rejections: found('rejections'),
    conflicts: found('conflicts'),
  };
}
