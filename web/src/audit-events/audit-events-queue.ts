import {
  AUDIT_EVENT_ACTIONS,
  AUDIT_EVENT_LIMITS,
  type AuditEvent,
  auditEventSchema,
  auditEventsResponseSchema,
} from '@clinic/sync-protocol';
import { apiRequest } from '../api/client';
import { ApiError } from '../api/errors';
import { sessionStore } from '../auth/session-store';
import { type AuditEventsDb, auditEventsDb } from './audit-events-db';

/** An event as a screen describes it; the queue adds its id and time. */
type NewEvent = AuditEvent extends infer E ? (E extends AuditEvent ? Omit<E, 'id' | 'at'> : never) : never;

/** The queue's database; tests give each their own. */
const queue = { db: auditEventsDb, sending: null as Promise<void> | null };

export function setAuditEventsDb(db: AuditEventsDb): void {
  queue.db = db;
}

/**
 * Queues one export by the logged-in person, on the device (offline too, through a reload). Resolves
 * once it is stored, and rejects when it cannot be: the screen then does not export. It goes to the
 * server after the next successful sync (sendAuditEvents).
 */
export async function recordAuditEvent(fields: NewEvent): Promise<void> {
  const user = sessionStore.get()?.user;
  // The screens need a session; an export no one could be named for is not made at all.
  if (!user) throw new Error('no session');
  const event = auditEventSchema.parse({ ...fields, id: crypto.randomUUID(), at: new Date().toISOString() });
  await queue.db.events.add({ id: event.id, userId: user.id, event, queuedAt: Date.now() });
}

/**
 * A photo or video saved to the device, written down once the file was handed over (a download that
 * failed, offline say, exported nothing). Best effort: the file is out, a failure cannot undo that.
 */
export function recordMediaDownload(mediaId: string): Promise<void> {
  return recordAuditEvent({ kind: AUDIT_EVENT_ACTIONS.mediaFile, mediaId }).catch(() => undefined);
}

/**
 * Sends the logged-in person's queued exports, oldest first, and forgets those the server holds.
 * Another person's stay until they sign in again: a row names who exported, never who synced later.
 * Never throws: what could not be sent waits for the next sync.
 */
export function sendAuditEvents(): Promise<void> {
  queue.sending ??= oneAtATime(sendQueued)
    .catch(() => undefined)
    .finally(() => {
      queue.sending = null;
    });
  return queue.sending;
}

/** Two tabs of one device send one after the other, so neither sends what the other just did. */
async function oneAtATime(task: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks) await locks.request('clinic-audit-events', task);
  else await task();
}

async function sendQueued(): Promise<void> {
  const userId = sessionStore.get()?.user.id;
  if (!userId || !navigator.onLine) return;
  for (;;) {
    const mine = await queue.db.events.where('userId').equals(userId).sortBy('queuedAt');
    const batch = mine.slice(0, AUDIT_EVENT_LIMITS.perRequest);
    if (batch.length === 0) return;
    try {
      const { received } = await apiRequest('/audit-events', {
        method: 'POST',
        body: { events: batch.map((item) => item.event) },
        schema: auditEventsResponseSchema,
      });
      const sent = new Set(batch.map((item) => item.id));
      await queue.db.events.bulkDelete(received.filter((id) => sent.has(id)));
      if (!received.some((id) => sent.has(id))) return; // nothing acknowledged: no loop
    } catch (error) {
      // Refused as malformed, it would be refused forever (checked before queueing, so only a server
      // that changed its rules can do this): dropped. Anything else waits for the next sync.
      if (error instanceof ApiError && error.status === 400)
        await queue.db.events.bulkDelete(batch.map((item) => item.id));
      return;
    }
  }
}

/** How many exports of anyone wait on this device (tests, and a check before a wipe). */
export const countQueuedAuditEvents = (): Promise<number> => queue.db.events.count();
