import {
  DEVICE_LOG_LIMITS,
  type DeviceLogSession,
  type DeviceLogStats,
  type StoredDeviceLog,
  deviceInfoSchema,
} from '@clinic/sync-protocol/admin';
import { sql } from 'kysely';
import type { Db } from '../db/dialect';
import { toCount } from '../db/dialect';
import { DAY_MS, daysEndingOn, japanDay } from '@clinic/sync-protocol/rules';
import type { DeviceLogSessionRow } from './device-log.table';

/** The list's most sessions, and the days the chart of errors per day covers. */
export const DEVICE_LOG_LIST_LIMIT = 100;
export const ERRORS_PER_DAY_DAYS = 14;

export interface NewDeviceLog {
  fileName: string;
  kind: DeviceLogSession['kind'];
  uploadedAt: Date;
  ip: string | null;
  log: StoredDeviceLog;
}

/** Stores one upload and its errors together. */
export async function insertDeviceLog(db: Db, entry: NewDeviceLog): Promise<void> {
  const { log } = entry;
  const at = entry.uploadedAt.toISOString();
  const body = JSON.stringify(log);
  const row = await db
    .insertInto('device_log_sessions')
    .values({
      file_name: entry.fileName,
      uploaded_at: at,
      kind: entry.kind,
      session_id: log.sessionId,
      device_info: JSON.stringify(log.deviceInfo),
      error_count: log.errors.length,
      action_count: log.userActions.length,
      page_load_time: log.performance.pageLoadTime,
      dom_content_loaded: log.performance.domContentLoaded,
      first_contentful_paint: log.performance.firstContentfulPaint,
      body,
      file_size: Buffer.byteLength(body, 'utf8'),
      ip: entry.ip,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (log.errors.length === 0) return;
  const day = japanDay(entry.uploadedAt);
  await db
    .insertInto('device_log_errors')
    .values(log.errors.map((e) => ({ session_row_id: row.id, type: e.type, severity: e.severity, at, day })))
    .execute();
}

/** Deletes the sessions (and their errors) uploaded before the retention period; returns how many. */
export async function pruneDeviceLogs(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - DEVICE_LOG_LIMITS.retentionDays * DAY_MS).toISOString();
  const old = db.selectFrom('device_log_sessions').select('id').where('uploaded_at', '<', cutoff);
  await db.deleteFrom('device_log_errors').where('session_row_id', 'in', old).execute();
  const result = await db.deleteFrom('device_log_sessions').where('uploaded_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Newest first, at most DEVICE_LOG_LIST_LIMIT; with `errorType`, only sessions that reported one. */
export async function listDeviceLogs(db: Db, filter: { errorType?: string }): Promise<DeviceLogSession[]> {
  let query = db.selectFrom('device_log_sessions as s').selectAll('s');
  if (filter.errorType !== undefined) {
    const type = filter.errorType;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('device_log_errors as e')
          .select('e.id')
          .whereRef('e.session_row_id', '=', 's.id')
          .where('e.type', '=', type),
      ),
    );
  }
  const rows = await query
    .orderBy('s.uploaded_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(DEVICE_LOG_LIST_LIMIT)
    .execute();
  const types = await errorTypesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toDeviceLogSession(row, types.get(row.id) ?? []));
}

/** The distinct error types of each session, in one query. */
async function errorTypesOf(db: Db, ids: number[]): Promise<Map<number, string[]>> {
  const byId = new Map<number, string[]>();
  if (ids.length === 0) return byId;
  const rows = await db
    .selectFrom('device_log_errors')
    .select(['session_row_id', 'type'])
    .where('session_row_id', 'in', ids)
    .groupBy(['session_row_id', 'type'])
    .orderBy('type')
    .execute();
  for (const { session_row_id: id, type } of rows) byId.set(Number(id), [...(byId.get(Number(id)) ?? []), type]);
  return byId;
}

export async function findDeviceLog(db: Db, fileName: string) {
  const row = await db
    .selectFrom('device_log_sessions')
    .selectAll()
    .where('file_name', '=', fileName)
    .executeTakeFirst();
  if (!row) return undefined;
  return { row, session: toDeviceLogSession(row, (await errorTypesOf(db, [row.id])).get(row.id) ?? []) };
}

const figure = (value: number | string | null) => (value === null ? null : Number(value));

export function toDeviceLogSession(row: DeviceLogSessionRow, errorTypes: string[]): DeviceLogSession {
  return {
    sessionId: row.session_id,
    uploadTime: row.uploaded_at,
    deviceInfo: deviceInfoSchema.parse(JSON.parse(row.device_info)),
    errorCount: Number(row.error_count),
    actionCount: Number(row.action_count),
    performance: {
      pageLoadTime: figure(row.page_load_time),
      domContentLoaded: figure(row.dom_content_loaded),
      firstContentfulPaint: figure(row.first_contentful_paint),
    },
    fileSize: Number(row.file_size),
    fileName: row.file_name,
    kind: row.kind,
    errorTypes,
  };
}

/** Totals over every kept session, errors by type, and errors per day for the last 14 days in Japan. */
export async function deviceLogStats(db: Db, now: Date): Promise<DeviceLogStats> {
  const totals = await db
    .selectFrom('device_log_sessions')
    .select((eb) => [
      eb.fn.countAll().as('sessions'),
      eb.fn.sum('error_count').as('errors'),
      eb.fn.sum('action_count').as('actions'),
      eb.fn.avg('page_load_time').as('avgPageLoad'),
    ])
    .executeTakeFirstOrThrow();
  const byType = await db
    .selectFrom('device_log_errors')
    .select((eb) => ['type', eb.fn.countAll().as('n')])
    .groupBy('type')
    .orderBy('type')
    .execute();

  const days = daysEndingOn(japanDay(now), ERRORS_PER_DAY_DAYS);
  const perDay = await db
    .selectFrom('device_log_errors')
    .select((eb) => ['day', eb.fn.countAll().as('n')])
    .where('day', '>=', days[0] ?? '')
    .groupBy('day')
    .execute();
  const countOf = new Map(perDay.map((r) => [r.day, toCount(r.n)]));

  const avg = totals.avgPageLoad === null ? null : Math.round(Number(totals.avgPageLoad));
  return {
    summary: {
      totalSessions: toCount(totals.sessions),
      totalErrors: toCount(totals.errors),
      totalActions: toCount(totals.actions),
      avgPageLoadTime: avg,
    },
    errorTypes: Object.fromEntries(byType.map((r) => [r.type, toCount(r.n)])),
    errorsPerDay: days.map((date) => ({ date, count: countOf.get(date) ?? 0 })),
  };
}

/**
 * What an upload costs the disk, for the anonymous storage quota: its JSON, a row's overhead and one
 * small row per error. The same sum in SQL (`sessionBytes`) and here (`deviceLogBytesOf`).
 */
const SESSION_OVERHEAD_BYTES = 256;
const ERROR_ROW_BYTES = 96;
const sessionBytes = sql<number>`(file_size + error_count * ${ERROR_ROW_BYTES} + ${SESSION_OVERHEAD_BYTES})`;

export const deviceLogBytesOf = (log: StoredDeviceLog): number =>
  Buffer.byteLength(JSON.stringify(log), 'utf8') + log.errors.length * ERROR_ROW_BYTES + SESSION_OVERHEAD_BYTES;

/** Bytes of all uploads, and of those that arrived since `since` (ISO time). */
export async function deviceLogBytes(db: Db, since: string): Promise<{ total: number; today: number }> {
  const sums = await db
    .selectFrom('device_log_sessions')
    .select([
      sql<number | string | null>`sum(${sessionBytes})`.as('total'),
      sql<number | string | null>`sum(case when uploaded_at >= ${since} then ${sessionBytes} else 0 end)`.as('today'),
    ])
    .executeTakeFirst();
  return { total: toCount(sums?.total), today: toCount(sums?.today) };
}

/** The `limit` oldest uploads that arrived before `before`, with what each costs. */
export async function oldestDeviceLogs(
  db: Db,
  before: string,
  limit: number,
): Promise<{ id: number; at: string; bytes: number }[]> {
  const rows = await db
    .selectFrom('device_log_sessions')
    .select(['id', 'uploaded_at as at', sessionBytes.as('bytes')])
    .where('uploaded_at', '<', before)
    .orderBy('uploaded_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), at: r.at, bytes: toCount(r.bytes) }));
}

export async function deleteDeviceLogs(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('device_log_errors').where('session_row_id', 'in', ids).execute();
  await db.deleteFrom('device_log_sessions').where('id', 'in', ids).execute();
}
