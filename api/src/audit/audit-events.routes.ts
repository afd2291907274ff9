import { auditEventsRequestSchema, type AuditEventsResponse } from '@clinic/sync-protocol';
import { Hono } from 'hono';
import type { Ctx } from '../deps';
import type { AppEnv } from '../http/app-env';
import { requireAuth, requireRole } from '../http/auth-middleware';
import { ok } from '../http/envelope';
import { requestInfo } from '../http/request-info';
import { jsonBody } from '../http/validate';
import { storeAuditEvents } from './audit-events';

/**
 * POST /api/audit-events: what people exported on a device (a visit CSV, a photo saved), sent after
 * the device's next sync, one access-log row each. It adds rows of the sender's own; it cannot
 * change or remove one, and /api/audit-log stays read only.
 */
export function auditEventsRoutes(ctx: Ctx) {
  const app = new Hono<AppEnv>();
  app.use('*', requireAuth(ctx), requireRole('staff'));

  app.post('/', jsonBody(auditEventsRequestSchema), async (c) => {
    const { events } = c.req.valid('json');
    const info = requestInfo(c);
    const now = ctx.now();
    // One transaction: a batch is stored whole or not at all, and a retry finds what it stored.
    await ctx.db.transaction().execute((trx) => storeAuditEvents(trx, events, c.var.auth.user, info, now));
    const body: AuditEventsResponse = { received: events.map((event) => event.id) };
    return ok(c, body);
  });

  return app;
}
