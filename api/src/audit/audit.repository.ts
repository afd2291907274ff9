import { sql, type ExpressionBuilder } from 'kysely';
import type { Database, AuditLogRow, NewAuditLogRow } from '../db/database';
import type { Db } from '../db/dialect';
import { toCount } from '../db/dialect';
import { queryTemplate } from '../db/query-template';
import { aboutCustomer } from './patient-records';

export interface AuditEntry {
  userId: string | null;
  username: string | null;
  action: string;
  entity?: string | null;
  entityId?: string | null;
  clientId?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown> | null;
  /** Who sent it, when someone sent a change made by another (a shared tablet's outbox, issue 25). */
  deliveredBy?: { id: string; username: string } | null;
  /** The session the request came in, when it had one. */
  sessionId?: string | null;
  /** Defaults to the current time. */
  at?: Date;
}

// A template: every synced change writes one (see db/query-template.ts).
const insertAuditRow = queryTemplate((db, row: NewAuditLogRow) => db.insertInto('audit_log').values(row));

/**
 * Appends one audit row. Call it with the same transaction as the change it records, so a change
 * and its audit entry are written together or not at all.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await insertAuditRow.execute(db, auditRow(entry));
}

/** Appends several audit rows, in order, in one statement (a sync push's changes, a pull's reads). */
export async function recordAudits(db: Db, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length > 0) await db.insertInto('audit_log').values(entries.map(auditRow)).execute();
}

function auditRow(entry: AuditEntry): NewAuditLogRow {
  return {
    at: (entry.at ?? new Date()).toISOString(),
    user_id: entry.userId,
    username: entry.username,
    action: entry.action,
    entity: entry.entity ?? null,
    entity_id: entry.entityId ?? null,
    client_id: entry.clientId ?? null,
    ip: entry.ip ?? null,
    detail: entry.detail ? JSON.stringify(entry.detail) : null,
    delivered_by: entry.deliveredBy?.id ?? null,
    delivered_by_name: entry.deliveredBy?.username ?? null,
    session_id: entry.sessionId ?? null,
  };
}

export async function listAudit(db: Db, filter: { action?: string; entityId?: string } = {}): Promise<AuditLogRow[]> {
  let query = db.selectFrom('audit_log').selectAll().orderBy('id');
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  if (filter.entityId !== undefined) query = query.where('entity_id', '=', filter.entityId);
  return query.execute();
}

/** A read of patient records (a REST answer or a pull): who saw which records of one entity, and how. */
export function recordRead(db: Db, read: PatientRead): Promise<void> {
  return recordAudit(db, readEntry(read));
}

export type PatientRead = {
  user: { id: string; username: string };
  ip: string | null;
  clientId?: string | null;
  entity: string;
  ids: string[];
  via: string;
};

/** The audit entry of a read (see recordRead), for writing several at once with recordAudits. */
export function readEntry(read: PatientRead): AuditEntry {
  return {
    userId: read.user.id,
    username: read.user.username,
    action: `${read.entity}.read`,
    entity: read.entity,
    entityId: read.ids.length === 1 ? read.ids[0] : null,
    clientId: read.clientId ?? null,
    ip: read.ip,
    detail: { via: read.via, ids: read.ids },
  };
}

/** What the access log screen filters by; times are ISO, `before` exclusive. */
export interface AuditFilter {
  userId?: string | undefined;
  action?: string | undefined;
  customerId?: string | undefined;
  since?: string | undefined;
  before?: string | undefined;
}

function matching(eb: ExpressionBuilder<Database, 'audit_log'>, filter: AuditFilter) {
  const { userId, action, customerId, since, before } = filter;
  return eb.and([
    ...(userId !== undefined ? [eb('user_id', '=', userId)] : []),
    ...(action !== undefined ? [eb('action', '=', action)] : []),
    // ISO-8601 strings of one format compare correctly as text on both dialects.
    ...(since !== undefined ? [eb('at', '>=', since)] : []),
    ...(before !== undefined ? [eb('at', '<', before)] : []),
    ...(customerId !== undefined ? [eb.or([aboutCustomer(eb, customerId), detailMentions(customerId)])] : []),
  ]);
}

/** A LIKE pattern for `text` anywhere: its own % and _ are escaped, so they match themselves. */
const anywhere = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** The detail JSON names `text`: a list read of customers names them only there. */
const detailMentions = (text: string) => sql<boolean>`${sql.ref('detail')} like ${anywhere(text)} escape '\\'`;

/** Newest first. */
export function findAudit(
  db: Db,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<AuditLogRow[]> {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where((eb) => matching(eb, filter))
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countAudit(db: Db, filter: AuditFilter): Promise<number> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll().as('n'))
    .where((eb) => matching(eb, filter))
    .executeTakeFirstOrThrow();
  return toCount(row.n);
}

/** Every action name in the log, for the filter's choices. */
export async function auditActions(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('audit_log').select('action').distinct().orderBy('action').execute();
  return rows.map((r) => r.action);
}
