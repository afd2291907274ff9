import { z } from 'zod';

/*
 * Audit events a device records itself: what a person took out of the app on this device (a CSV
 * file, a photo saved to the device), which the server never sees. The device queues them and sends
 * them after its next successful sync to POST /api/audit-events; each becomes one access-log row.
 * They name records by id only, never a patient's name. Outside the sync messages: no protocol bump.
 */

export const AUDIT_EVENT_LIMITS = {
  /** Events per request; a device with more sends them in turns. */
  perRequest: 50,
  /** Rows one export may report: far above any clinic's list, and a bound on the number. */
  rows: 1_000_000,
} as const;

/** The access-log action each kind of event is written as. */
export const AUDIT_EVENT_ACTIONS = {
  visitsCsv: 'visits.export',
  mediaFile: 'media.export',
} as const;

export const AUDIT_EVENT_MESSAGES = {
  invalid: '端末の記録の形式が正しくありません',
} as const;

// Lengths bounded before any pattern runs (a long value is refused without being matched).
const uuid = z.string().max(36, { abort: true }).pipe(z.uuid());
const day = z.string().max(10, { abort: true }).pipe(z.iso.date());
/** When it happened on the device (its clock), with an offset. */
const at = z
  .string()
  .max(40, { abort: true })
  .pipe(z.iso.datetime({ offset: true }));

/** 来院記録 CSV出力: how many rows, and the list's filter (dates, one customer or all). */
export const visitsCsvExportEventSchema = z.strictObject({
  id: uuid,
  at,
  kind: z.literal(AUDIT_EVENT_ACTIONS.visitsCsv),
  rows: z.number().int().min(0).max(AUDIT_EVENT_LIMITS.rows),
  filter: z.strictObject({ from: day.nullable(), to: day.nullable(), customerId: uuid.nullable() }),
});

/** A photo or video saved from the app to the device (撮影履歴 → ダウンロード). */
export const mediaFileExportEventSchema = z.strictObject({
  id: uuid,
  at,
  kind: z.literal(AUDIT_EVENT_ACTIONS.mediaFile),
  mediaId: uuid,
});

export const auditEventSchema = z.discriminatedUnion('kind', [visitsCsvExportEventSchema, mediaFileExportEventSchema]);
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** POST /api/audit-events. The event ids are made by the device: an event sent twice is stored once. */
export const auditEventsRequestSchema = z.strictObject({
  events: z.array(auditEventSchema).min(1).max(AUDIT_EVENT_LIMITS.perRequest),
});
export type AuditEventsRequest = z.infer<typeof auditEventsRequestSchema>;

/** The ids the server holds now (stored by this request or before): the device may forget them. */
export const auditEventsResponseSchema = z.object({
  received: z.array(z.uuid()),
});
export type AuditEventsResponse = z.infer<typeof auditEventsResponseSchema>;
