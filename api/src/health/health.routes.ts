import { Hono } from 'hono';
import { sql } from 'kysely';
import type { Ctx } from '../deps';
import { ok } from '../http/envelope';

/** GET /api/health, no auth: the dashboard's status light and the e2e harness's readiness probe. */
export function healthRoutes(ctx: Ctx) {
  return new Hono().get('/', async (c) => {
    const time = ctx.now().toISOString();
    try {
      await sql`select 1`.execute(ctx.db);
      return ok(c, { status: 'ok', database: 'ok', time });
    } catch (error) {
      console.error('health check: database query failed', error);
      // The one failure that carries data: callers read data.status (spec 7) either way.
      const message = 'サーバーが一時的に利用できません';
      return c.json(
        { success: false, data: { status: 'error', database: 'error', time }, error: message, message, code: 'INTERNAL_ERROR' },
        503,
      );
    }
  });
}
