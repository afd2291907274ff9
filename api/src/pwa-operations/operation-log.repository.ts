import { sql } from 'kysely';
import type { Db } from '../db/dialect';
import { toCount } from '../db/dialect';
import type { NewOperationLogRow, OperationLogPhotosTable, OperationLogRow } from './operation-log.table';

/**
 * Stores each entry once: an id already held (a batch sent by sendBeacon and again from the queue)
 * is skipped. Answers how many were new.
 */
export async function insertOperationLogs(db: Db, rows: NewOperationLogRow[]): Promise<number> {
  const unique = [...new Map(rows.map((row) => [row.id, row])).values()];
  if (unique.length === 0) return 0;
  const inserted = await db
    .insertInto('operation_logs')
    .values(unique)
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

export async function insertOperationLogPhoto(db: Db, photo: OperationLogPhotosTable): Promise<void> {
  // better-sqlite3 binds only a Buffer as a blob; PGlite and pg take it as bytea too.
  await db.insertInto('operation_log_photos').values({ ...photo, bytes: Buffer.from(photo.bytes) }).execute();
}

export function findOperationLog(db: Db, id: string): Promise<OperationLogRow | undefined> {
  return db.selectFrom('operation_logs').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOperationLogPhoto(db: Db, logId: string): Promise<OperationLogPhotosTable | undefined> {
  return db.selectFrom('operation_log_photos').selectAll().where('log_id', '=', logId).executeTakeFirst();
}

export interface OperationLogFilter {
  /** Japan day of the server's time of arrival. */
  date?: string | undefined;
  operation?: string | undefined;
  hasError?: boolean | undefined;
  limit: number;
  offset: number;
}

const filtered = (db: Db, filter: OperationLogFilter) => {
  let query = db.selectFrom('operation_logs');
  if (filter.date !== undefined) query = query.where('server_date', '=', filter.date);
  if (filter.operation !== undefined) query = query.where('operation', '=', filter.operation);
  if (filter.hasError !== undefined) query = query.where('has_error', '=', filter.hasError ? 1 : 0);
  return query;
};

/** One page, newest first; entries of one batch arrive together, so the device's order breaks ties. */
export async function listOperationLogs(db: Db, filter: OperationLogFilter): Promise<{ rows: OperationLogRow[]; total: number }> {
  const rows = await filtered(db, filter)
    .selectAll()
    .orderBy('server_timestamp', 'desc')
    .orderBy('client_timestamp', 'desc')
    .orderBy('id')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  const counted = await filtered(db, filter).select(sql<number | string>`count(*)`.as('total')).executeTakeFirst();
  return { rows, total: toCount(counted?.total) };
}

/** Entries that arrived before `before` (ISO time), and their photos. Answers how many entries went. */
export async function deleteOperationLogsBefore(db: Db, before: string): Promise<number> {
  const old = db.selectFrom('operation_logs').select('id').where('server_timestamp', '<', before);
  await db.deleteFrom('operation_log_photos').where('log_id', 'in', old).execute();
  const deleted = await db.deleteFrom('operation_logs').where('server_timestamp', '<', before).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
