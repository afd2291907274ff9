import { z } from 'zod';

/** The access log as the admin screen gets it (GET /api/audit-log); the web parses each answer. */

export const auditLogRowViewSchema = z.object({
  id: z.number(),
  at: z.string(),
  /** Who made the change (or read, or signed in). */
  userId: z.string().nullable(),
  username: z.string().nullable(),
  /** The person's display name (佐藤 花子) as it is now, null when they have none (issue 38). */
  displayName: z.string().nullable().default(null),
  /**
   * Who sent it, for a change a device delivered (a sync push): on a shared tablet, whoever signed in
   * online next sends every unsent change, so this may differ from the user (issue 25). `sessionId` is
   * the session it came in. Null on rows nobody delivered for someone.
   */
  deliveredBy: z
    .object({
      id: z.string(),
      username: z.string().nullable(),
      displayName: z.string().nullable().default(null),
      sessionId: z.string().nullable(),
    })
    .nullable(),
  /**
   * When the change was made on the device (the mutation's time), for a change a device sent later;
   * null when it is the same as `at` (the server's time of arrival) or unknown.
   */
  madeAt: z.string().nullable().default(null),
  action: z.string(),
  entity: z.string().nullable(),
  entityId: z.string().nullable(),
  /** The patient the record belongs to, resolved on the server; null for records of no patient. */
  customer: z.object({ id: z.string(), name: z.string(), chartNumber: z.number().nullable() }).nullable(),
  /** How many records a list read covered (detail.ids), 1 for a single record. */
  recordCount: z.number(),
  clientId: z.string().nullable(),
  /** The name the device gave itself in 設定 (施術室1), null when it has none or named no device. */
  deviceName: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditLogRowView = z.infer<typeof auditLogRowViewSchema>;

export const auditLogPageSchema = z.object({
  rows: z.array(auditLogRowViewSchema),
  total: z.number(),
  /** Every action name present, for the filter. */
  actions: z.array(z.string()),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;
