import { PROTOCOL_MISMATCH_MESSAGE, PROTOCOL_VERSION, pullRequestSchema, pushRequestSchema } from '@clinic/sync-protocol';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Ctx } from '../deps';
import type { AppEnv } from '../http/app-env';
import { requireAuth } from '../http/auth-middleware';
import { ApiError, MESSAGES, fail, ok } from '../http/envelope';
import { requestInfo } from '../http/request-info';
import { jsonBody } from '../http/validate';
import { pull } from './pull.service';
import { applyPush } from './push.service';

/** A full push (500 mutations with long notes) is larger than the general 1 MB limit. */
export const PUSH_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

function checkVersion(version: number) {
  if (version !== PROTOCOL_VERSION) throw new ApiError(400, 'PROTOCOL_MISMATCH', PROTOCOL_MISMATCH_MESSAGE);
}

export function syncRoutes(ctx: Ctx) {
  const app = new Hono<AppEnv>();
  app.use('*', requireAuth(ctx));

  app.post(
    '/push',
    bodyLimit({ maxSize: PUSH_BODY_LIMIT_BYTES, onError: (c) => fail(c, 413, 'PAYLOAD_TOO_LARGE', MESSAGES.tooLarge) }),
    jsonBody(pushRequestSchema),
    async (c) => {
      const body = c.req.valid('json');
      checkVersion(body.protocolVersion);
      const caller = { user: c.var.auth.user, ip: requestInfo(c).ip };
      return ok(c, await applyPush(ctx.db, caller, body, ctx.now));
    },
  );

  app.post('/pull', jsonBody(pullRequestSchema), async (c) => {
    const body = c.req.valid('json');
    checkVersion(body.protocolVersion);
    return ok(c, await pull(ctx.db, { user: c.var.auth.user, ip: requestInfo(c).ip }, body));
  });

  return app;
}
