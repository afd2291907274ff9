import type { Conflict, Rejection } from '@clinic/sync-protocol';
import type { Selectable } from 'kysely';
import type { Db } from '../db/dialect';
import type { SyncConflictsTable } from './sync.table';

const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/** Stores a refused mutation. Its args come as a bounded, JSON-safe copy (safeArgsJson), so storing never fails. */
export async function insertRejection(
  db: Db,
  row: {
    clientId: string;
    mutationId: number;
    name: string;
    argsJson: string;
    reason: string;
    at: string;
    version: number;
  },
): Promise<void> {
  await db
    .insertInto('sync_rejections')
    .values({
      client_id: row.clientId,
      mutation_id: row.mutationId,
      name: row.name,
      args: row.argsJson,
      reason: row.reason,
      at: row.at,
      version: row.version,
    })
    .execute();
}

export async function rejectionsBetween(db: Db, clientId: string, after: number, upTo: number): Promise<Rejection[]> {
  const rows = await db
    .selectFrom('sync_rejections')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('version', '>', after)
    .where('version', '<=', upTo)
    .orderBy('version')
    .execute();
  return rows.map((r) => ({
    mutationId: Number(r.mutation_id),
    name: r.name,
    args: parse(r.args),
    reason: r.reason,
    at: r.at,
  }));
}

export async function insertConflict(
  db: Db,
  row: {
    table: string;
    recordId: string;
    field: string;
    overwritten: unknown;
    value: unknown;
    by: string | null;
    overwrittenBy: string | null;
    at: string;
    version: number;
  },
): Promise<void> {
  await db
    .insertInto('sync_conflicts')
    .values({
      table_name: row.table,
      record_id: row.recordId,
      field: row.field,
      overwritten: JSON.stringify(row.overwritten ?? null),
      value: JSON.stringify(row.value ?? null),
      by: row.by,
      overwritten_by: row.overwrittenBy,
      at: row.at,
      version: row.version,
    })
    .execute();
}

export async function conflictsBetween(db: Db, after: number, upTo: number): Promise<Conflict[]> {
  const rows = await db
    .selectFrom('sync_conflicts')
    .selectAll()
    .where('version', '>', after)
    .where('version', '<=', upTo)
    .orderBy('id')
    .execute();
  return rows.map(toConflict);
}

function toConflict(r: Selectable<SyncConflictsTable>): Conflict {
  return {
    id: Number(r.id),
    table: r.table_name,
    recordId: r.record_id,
    field: r.field,
    overwritten: parse(r.overwritten),
    value: parse(r.value),
    by: r.by,
    overwrittenBy: r.overwritten_by,
    at: r.at,
  };
}

/** The conflicts logged on one record, newest first (shown with the record). */
export async function conflictsOfRecord(db: Db, recordId: string): Promise<Conflict[]> {
  const rows = await db
    .selectFrom('sync_conflicts')
    .selectAll()
    .where('record_id', '=', recordId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toConflict);
}
