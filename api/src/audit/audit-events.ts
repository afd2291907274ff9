import { AUDIT_EVENT_ACTIONS, type AuditEvent } from '@clinic/sync-protocol';
import type { UserRow } from '../db/database';
import type { Db } from '../db/dialect';
import type { RequestInfo } from '../http/request-info';
import { type AuditEntry, recordAudit } from './audit.repository';
import { CUSTOMER_ENTITY } from './patient-records';

/** What an export covered, as the access log names records: one customer's, or a whole list's. */
function targetOf(event: AuditEvent): {
  entity: string;
  entityId: string | null;
  recordCount: number;
  filter?: object;
} {
  switch (event.kind) {
    case AUDIT_EVENT_ACTIONS.visitsCsv:
      // Filtered to one customer, the row is about that patient: the log names them and their filter finds it.
      return event.filter.customerId
        ? { entity: CUSTOMER_ENTITY, entityId: event.filter.customerId, recordCount: event.rows, filter: event.filter }
        : { entity: 'visits', entityId: null, recordCount: event.rows, filter: event.filter };
    case AUDIT_EVENT_ACTIONS.mediaFile:
      return { entity: 'media', entityId: event.mediaId, recordCount: 1 };
  }
}

/** The access-log row of one device event: its user is the one who sent it (the device sends a person's own). */
export function auditEntryOf(event: AuditEvent, user: UserRow, info: RequestInfo, now: Date): AuditEntry {
  const { entity, entityId, recordCount, filter } = targetOf(event);
  const happened = new Date(event.at);
  return {
    userId: user.id,
    username: user.username,
    action: event.kind,
    entity,
    entityId,
    clientId: info.clientId,
    ip: info.ip,
    // A device clock ahead of the server's cannot put a row in the future.
    at: happened.getTime() > now.getTime() ? now : happened,
    detail: {
      eventId: event.id,
      recordCount,
      ...(filter && { filter }),
      exportedAt: event.at,
      receivedAt: now.toISOString(),
      userAgent: info.userAgent,
    },
  };
}

/**
 * Whether this event is in the log already (a retry after a lost answer). Looked up through the
 * (entity, entity_id) index, then by action, so only this record's few export rows are read.
 */
async function alreadyStored(db: Db, entry: AuditEntry, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('audit_log')
    .select('id')
    .where('entity', '=', entry.entity ?? null)
    .where((eb) => (entry.entityId ? eb('entity_id', '=', entry.entityId) : eb('entity_id', 'is', null)))
    .where('action', '=', entry.action)
    // A validated UUID: no LIKE wildcard can be in it.
    .where('detail', 'like', `%"eventId":"${eventId}"%`)
    .executeTakeFirst();
  return row !== undefined;
}

/** Writes each event once, whatever how often it is sent; call inside one transaction. */
export async function storeAuditEvents(
  db: Db,
  events: readonly AuditEvent[],
  user: UserRow,
  info: RequestInfo,
  now: Date,
): Promise<void> {
  for (const event of events) {
    const entry = auditEntryOf(event, user, info, now);
    if (!(await alreadyStored(db, entry, event.id))) await recordAudit(db, entry);
  }
}
