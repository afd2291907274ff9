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
  await db
    .insertInto('operation_log_photos')
    .values({ ...photo, bytes: Buffer.from(photo.bytes) })
    .execute();
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
export async function listOperationLogs(
  db: Db,
  filter: OperationLogFilter,
): Promise<{ rows: OperationLogRow[]; total: number }> {
  const rows = await filtered(db, filter)
    .selectAll()
    .orderBy('server_timestamp', 'desc')
    .orderBy('client_timestamp', 'desc')
    .orderBy('id')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  const counted = await filtered(db, filter)
    .select(sql<number | string>`count(*)`.as('total'))
    .executeTakeFirst();
  return { rows, total: toCount(counted?.total) };
}

/** Entries that arrived before `before` (ISO time), and their photos. Answers how many entries went. */
export async function deleteOperationLogsBefore(db: Db, before: string): Promise<number> {
  const old = db.selectFrom('operation_logs').select('id').where('server_timestamp', '<', before);
  await db.deleteFrom('operation_log_photos').where('log_id', 'in', old).execute();
  const deleted = await db.deleteFrom('operation_logs').where('server_timestamp', '<', before).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/**
 * What an entry costs the disk, for the anonymous storage quota: its photo and its text, plus a
 * row's overhead, in UTF-8 bytes as stored (a CJK character is three: counting characters let a
 * sender store three times its quota). The same sum in SQL (`rowBytes`, octet_length on both
 * dialects) and here (`operationLogRowBytes`).
 */
const ROW_OVERHEAD_BYTES = 256;
const rowBytes = sql<number>`(coalesce(photo_size, 0) + octet_length(device) + octet_length(screen) + octet_length(user_email) + coalesce(octet_length(data), 0) + coalesce(octet_length(api_response), 0) + coalesce(octet_length(error), 0) + ${ROW_OVERHEAD_BYTES})`;

export function operationLogRowBytes(row: NewOperationLogRow): number {
  const text = [row.device, row.screen, row.user_email, row.data, row.api_response, row.error];
  const bytes = text.reduce((sum, t) => sum + (t == null ? 0 : Buffer.byteLength(t, 'utf8')), 0);
  return (row.photo_size ?? 0) + bytes + ROW_OVERHEAD_BYTES;
}

/** Bytes of all entries, and of those that arrived since `since` (ISO time). */
export async function operationLogBytes(db: Db, since: string): Promise<{ total: number; today: number }> {
  const sums = await db
    .selectFrom('operation_logs')
    .select([
      sql<number | string | null>`sum(${rowBytes})`.as('total'),
      sql<number | string | null>`sum(case when server_timestamp >= ${since} then ${rowBytes} else 0 end)`.as('today'),
    ])
    .executeTakeFirst();
  return { total: toCount(sums?.total), today: toCount(sums?.today) };
}

/** The `limit` oldest entries that arrived before `before`, with what each costs. */
export async function oldestOperationLogs(
  db: Db,
  before: string,
  limit: number,
): Promise<{ id: string; at: string; bytes: number }[]> {
  const rows = await db
    .selectFrom('operation_logs')
    .select(['id', 'server_timestamp as at', rowBytes.as('bytes')])
    .where('server_timestamp', '<', before)
    .orderBy('server_timestamp')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, at: r.at, bytes: toCount(r.bytes) }));
}

export async function deleteOperationLogs(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('operation_log_photos').where('log_id', 'in', ids).execute();
  await db.deleteFrom('operation_logs').where('id', 'in', ids).execute();
}
