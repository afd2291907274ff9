import type { AuditEvent } from '@clinic/sync-protocol';
import Dexie, { type Table } from 'dexie';
import { installSealing } from '../vault/seal-middleware';
import { AUDIT_EVENTS_SEAL_SPECS } from '../vault/seal-specs';

/** An export waiting to reach the access log; kept per person, who alone may send it as theirs. */
export type QueuedAuditEvent = {
  id: string;
  userId: string;
  event: AuditEvent;
  /** ms since epoch: sent oldest first. */
  queuedAt: number;
};

export const AUDIT_EVENTS_DB_NAME = 'clinic-audit-events';

/**
 * A database of its own: a logout or a device wipe clears the patient database, but what someone
 * exported must still reach the access log. It holds ids, counts and dates, never a patient's name.
 */
export class AuditEventsDb extends Dexie {
  events!: Table<QueuedAuditEvent, string>;

  constructor(name = AUDIT_EVENTS_DB_NAME) {
    super(name);
    this.version(1).stores({ events: 'id, userId, queuedAt' });
    installSealing(this, AUDIT_EVENTS_SEAL_SPECS);
  }
}

export const auditEventsDb = new AuditEventsDb();
