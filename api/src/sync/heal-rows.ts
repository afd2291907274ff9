import { type SyncedTable, syncedEntities } from '@clinic/sync-protocol';
import type { Db } from '../db/dialect';
import type { RecordTable } from './changed-rows';

/** Each protocol table's SQL table. */
export const SQL_TABLES = {
  customers: 'customers',
  visits: 'visits',
  surveys: 'surveys',
  diagnoses: 'diagnoses',
  painMarkers: 'pain_markers',
  media: 'media',
  faceAnalyses: 'face_analyses',
  appointments: 'appointments',
} as const satisfies { [T in SyncedTable]: RecordTable };

/** Columns only the server decides, never taken from a device's copy: the file's arrival and its bytes. */
const SERVER_OWNED: Partial<Record<SyncedTable, readonly string[]>> = { media: ['uploaded', 'stored_bytes'] };

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export type HealRow = { id: string; updatedAt: string; deleted: boolean; values: Record<string, unknown> };

/**
 * A device's copy of a row, checked with the protocol's row schema and turned into column values: the
 * inverse of each entity's wire mapping (camelCase fields are snake_case columns, flags are 0/1, nested
 * values are JSON text; the round trip is tested for every entity). Null when it is not a valid row.
 */
export function parseHealRow(table: SyncedTable, input: unknown): HealRow | null {
  const parsed = syncedEntities[table].row.safeParse(input);
  if (!parsed.success) return null;
  const row = parsed.data as Record<string, unknown> & { id: string; updatedAt: string; deleted: boolean };
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(row)) {
    const column = snake(field);
    if (SERVER_OWNED[table]?.includes(column)) continue;
    values[column] =
      typeof value === 'boolean'
        ? Number(value)
        : value !== null && typeof value === 'object'
          ? JSON.stringify(value)
          : value;
  }
  return { id: row.id, updatedAt: row.updatedAt, deleted: row.deleted, values };
}

type StoredRow = {
  id: string;
  updated_at: string;
  deleted: number | string;
  uploaded?: number | string;
  chart_number?: number | string;
};

/** The server's row of that id, as far as a heal compares it. */
export function findStored(db: Db, table: SyncedTable, id: string): Promise<StoredRow | undefined> {
  // Every synced table has these columns; Kysely cannot follow a table chosen at run time.
  return db
    .selectFrom(SQL_TABLES[table] as 'media')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertStored(db: Db, table: SyncedTable, values: Record<string, unknown>): Promise<void> {
  const serverOwned = table === 'media' ? { uploaded: 0, stored_bytes: null } : {};
  // As above: the values are a whole row of this table, checked by its row schema.
  await db
    .insertInto(SQL_TABLES[table] as 'media')
    .values({ ...values, ...serverOwned } as never)
    .execute();
}

export async function replaceStored(
  db: Db,
  table: SyncedTable,
  id: string,
  values: Record<string, unknown>,
): Promise<void> {
  // The record's identity and its creation stay the server's; chart numbers never move.
  const { id: _id, created_at: _created, chart_number: _chart, ...rest } = values;
  await db
    .updateTable(SQL_TABLES[table] as 'media')
    .set(rest as never)
    .where('id', '=', id)
    .execute();
}

/** Marks the server's row deleted (a heal's deletion), with when, by whom and a new version. */
export async function markStoredDeleted(
  db: Db,
  table: SyncedTable,
  id: string,
  stamp: { updated_at: string; updated_by: string | null; version: number },
): Promise<void> {
  // As above: every synced table has these columns.
  await db
    .updateTable(SQL_TABLES[table] as 'media')
    .set({ ...stamp, deleted: 1 })
    .where('id', '=', id)
    .execute();
}
