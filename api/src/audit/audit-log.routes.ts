import { AUDIT_LOG_LIMITS, type AuditLogPage, auditLogQuerySchema } from '@clinic/sync-protocol/admin';
import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import { DAY_MS, japanDateStamp, japanDayStart } from '@clinic/sync-protocol/rules';
import type { Ctx } from '../deps';
import type { AppEnv } from '../http/app-env';
import { requireAuth, requireRole } from '../http/auth-middleware';
import { ApiError, ok } from '../http/envelope';
import { requestInfo } from '../http/request-info';
import { queryParams } from '../http/validate';
import { auditCsv } from './audit-log.csv';
import { toAuditViews } from './audit-log.view';
import { type AuditFilter, auditActions, countAudit, findAudit, recordAudit } from './audit.repository';

export const AUDIT_LOG_MESSAGES = {
  query: '検索条件が正しくありません',
  day: '日付は YYYY-MM-DD で指定してください',
} as const;

type Query = z.output<typeof auditLogQuerySchema>;

/** The screen's filters as times: `from` and `to` are whole days in Japan, both included. */
function filterOf(query: Query): AuditFilter {
  const dayStart = (day: string) => {
    const start = japanDayStart(day);
    if (!start) throw new ApiError(400, 'VALIDATION_ERROR', AUDIT_LOG_MESSAGES.day);
    return start;
  };
  return {
    userId: query.userId,
    action: query.action,
    customerId: query.customerId,
    since: query.from === undefined ? undefined : dayStart(query.from).toISOString(),
    before: query.to === undefined ? undefined : new Date(dayStart(query.to).getTime() + DAY_MS).toISOString(),
  };
}

/**
 * The access log (医療情報システムの安全管理に関するガイドライン): admin only and read only. There is no
 * route that writes, changes or deletes a row, and every read of the log is itself logged.
 */
export function auditLogRoutes(ctx: Ctx) {
  const app = new Hono<AppEnv>();
  app.use('*', requireAuth(ctx), requireRole('admin'));

  const auditRead = (c: Context<AppEnv>, action: string, query: Query, rows: number) => {
    const { user } = c.var.auth;
    const info = requestInfo(c);
    const { userId, customerId, action: actionFilter, from, to } = query;
    return recordAudit(ctx.db, {
      userId: user.id,
      username: user.username,
      action,
      entity: 'audit_log',
      clientId: info.clientId,
      ip: info.ip,
      detail: { filters: { userId, customerId, action: actionFilter, from, to }, rows, userAgent: info.userAgent },
      at: ctx.now(),
    });
  };

  app.get('/', queryParams(auditLogQuerySchema, AUDIT_LOG_MESSAGES.query), async (c) => {
    const query = c.req.valid('query');
    const filter = filterOf(query);
    const rows = await findAudit(ctx.db, filter, query);
    const page: AuditLogPage = {
      rows: await toAuditViews(ctx.db, rows),
      total: await countAudit(ctx.db, filter),
      actions: await auditActions(ctx.db),
    };
    await auditRead(c, 'audit_log.read', query, rows.length);
    return ok(c, page);
  });

  app.get('/export.csv', queryParams(auditLogQuerySchema, AUDIT_LOG_MESSAGES.query), async (c) => {
    const query = c.req.valid('query');
    const rows = await findAudit(ctx.db, filterOf(query), { limit: AUDIT_LOG_LIMITS.csvRows, offset: 0 });
    const csv = auditCsv(await toAuditViews(ctx.db, rows));
    await auditRead(c, 'audit_log.export', query, rows.length);
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="access-log-${japanDateStamp(ctx.now())}.csv"`,
    });
  });

  return app;
}
