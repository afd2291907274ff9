import {
  EPOCH_CHANGED_CODE,
  EPOCH_CHANGED_MESSAGE,
  PROTOCOL_TOO_NEW_MESSAGE,
  PROTOCOL_UNSUPPORTED_MESSAGE,
  protocolSupport,
  pullRequestSchema,
  pushRequestSchema,
  healFinishRequestSchema,
  healRequestSchema,
  healStartRequestSchema,
} from '@clinic/sync-protocol';
import { Hono } from 'hono';
import type { Ctx } from '../deps';
import type { AppEnv } from '../http/app-env';
import { requireAuth } from '../http/auth-middleware';
import { ApiError, ok } from '../http/envelope';
import { requestInfo } from '../http/request-info';
import { jsonBody } from '../http/validate';
import { currentEpoch } from './epoch.repository';
import { healBatch, healFinish, healStart } from './heal.service';
import { pull } from './pull.service';
import { applyPush } from './push.service';
import { sizeLimit } from '../http/size-limit';
import { signersOf } from '../auth/sign-in-stamp';

/** A full push (500 mutations with long notes) is larger than the general 1 MB limit. */
export const PUSH_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

/**
 * A range of client versions is served, so a deploy does not stop tablets mid-day. A client older than
 * the range must update (its outbox stays on the device); one newer than this server (met while a
 * deploy rolls out) is asked to retry later, which its backoff does.
 */
function checkVersion(version: number) {
  switch (protocolSupport(version)) {
    case 'supported':
      return;
    case 'client-too-old':
      throw new ApiError(400, 'PROTOCOL_UNSUPPORTED', PROTOCOL_UNSUPPORTED_MESSAGE);
    case 'client-too-new':
      throw new ApiError(503, 'PROTOCOL_TOO_NEW', PROTOCOL_TOO_NEW_MESSAGE);
  }
}

export function syncRoutes(ctx: Ctx) {
  const app = new Hono<AppEnv>();
  app.use('*', requireAuth(ctx));

  app.post('/push', sizeLimit(PUSH_BODY_LIMIT_BYTES), jsonBody(pushRequestSchema), async (c) => {
    const body = c.req.valid('json');
    checkVersion(body.protocolVersion);
    const caller = { user: c.var.auth.user, ip: requestInfo(c).ip, sessionId: c.var.auth.sessionId };
    // A device still in an earlier epoch first sends again what the restored server lacks (heal), so
    // nothing is applied on top of the restored data before that; a device naming none is served as ever.
    const { epoch } = await currentEpoch(ctx.db, ctx.now);
    if (body.epoch !== undefined && body.epoch !== epoch)
      throw new ApiError(409, EPOCH_CHANGED_CODE, EPOCH_CHANGED_MESSAGE);
    return ok(c, { ...(await applyPush(ctx.db, caller, body, ctx.now)), epoch });
  });

  app.post('/pull', jsonBody(pullRequestSchema), async (c) => {
    const body = c.req.valid('json');
    checkVersion(body.protocolVersion);
    const page = await pull(ctx.db, { user: c.var.auth.user, ip: requestInfo(c).ip }, body);
    // Who of those the device asked about may still sign in there (issue 34): the others' wraps are dropped.
    if (!body.signers) return ok(c, page);
    return ok(c, { ...page, signers: await signersOf(ctx.db, ctx.config.tokenSecret, body.signers) });
  });

  // After a restore: a device sends again the rows the server lacks (see heal.service.ts).
  app.post('/heal/start', jsonBody(healStartRequestSchema), async (c) => {
    const body = c.req.valid('json');
    checkVersion(body.protocolVersion);
    return ok(c, await healStart(ctx.db, { user: c.var.auth.user, ip: requestInfo(c).ip }, body.clientId, ctx.now));
  });

  app.post('/heal', jsonBody(healRequestSchema), async (c) => {
    const body = c.req.valid('json');
    checkVersion(body.protocolVersion);
    return ok(c, await healBatch(ctx.db, { user: c.var.auth.user, ip: requestInfo(c).ip }, body, ctx.now));
  });

  app.post('/heal/finish', jsonBody(healFinishRequestSchema), async (c) => {
    const body = c.req.valid('json');
    checkVersion(body.protocolVersion);
    return ok(c, await healFinish(ctx.db, { user: c.var.auth.user, ip: requestInfo(c).ip }, body, ctx.now));
  });

  return app;
}
