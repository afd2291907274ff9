import type { Db } from '../db/dialect';
import type { AuditLogRow, NewAuditLogRow } from '../db/database';
import { queryTemplate } from '../db/query-template';

export interface AuditEntry {
  userId: string | null;
  username: string | null;
  action: string;
  entity?: string | null;
  entityId?: string | null;
  clientId?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown> | null;
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
  await insertAuditRow.execute(db, {
    at: (entry.at ?? new Date()).toISOString(),
    user_id: entry.userId,
    username: entry.username,
    action: entry.action,
    entity: entry.entity ?? null,
    entity_id: entry.entityId ?? null,
    client_id: entry.clientId ?? null,
    ip: entry.ip ?? null,
    detail: entry.detail ? JSON.stringify(entry.detail) : null,
  });
}

export async function listAudit(db: Db, filter: { action?: string; entityId?: string } = {}): Promise<AuditLogRow[]> {
  let query = db.selectFrom('audit_log').selectAll().orderBy('id');
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  if (filter.entityId !== undefined) query = query.where('entity_id', '=', filter.entityId);
  return query.execute();
}

/** A read of patient records (a REST answer or a pull): who saw which records of one entity, and how. */
export function recordRead(
  db: Db,
  read: { user: { id: string; username: string }; ip: string | null; clientId?: string | null; entity: string; ids: string[]; via: string },
): Promise<void> {
  return recordAudit(db, {
    userId: read.user.id,
    username: read.user.username,
    action: `${read.entity}.read`,
    entity: read.entity,
    entityId: read.ids.length === 1 ? read.ids[0] : null,
    clientId: read.clientId ?? null,
    ip: read.ip,
    detail: { via: read.via, ids: read.ids },
  });
}
