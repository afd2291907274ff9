import { z } from 'zod';
import { AUDIT_LOG_LIMITS } from './limits';

export { AUDIT_LOG_LIMITS } from './limits';

/**
 * The access log (医療情報システムの安全管理に関するガイドライン 第6.0版): who read or changed which
 * record, when, and from which device. Read-only: no route writes, changes or deletes a row.
 */

const day = z
  .string()
  .max(10, { message: '日付は YYYY-MM-DD で指定してください', abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日付は YYYY-MM-DD で指定してください');

/** GET /api/audit-log and /api/audit-log/export.csv: filters, all optional; dates in Japan time, inclusive. */
export const auditLogQuerySchema = z.object({
  userId: z.string().max(64).optional(),
  customerId: z.string().max(64).optional(),
  action: z.string().max(80).optional(),
  from: day.optional(),
  to: day.optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_LOG_LIMITS.page).default(AUDIT_LOG_LIMITS.page),
  offset: z.coerce.number().int().min(0).default(0),
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

// The answers the admin screen gets are in audit-log-views.ts.
