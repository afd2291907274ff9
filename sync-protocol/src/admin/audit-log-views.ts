import { z } from 'zod';

/** The access log as the admin screen gets it (GET /api/audit-log); the web parses each answer. */

export const auditLogRowViewSchema = z.object({
  id: z.number(),
  at: z.string(),
  userId: z.string().nullable(),
  username: z.string().nullable(),
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
