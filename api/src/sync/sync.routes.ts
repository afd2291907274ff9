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
  DEVICE_CREDENTIAL_CODES,
  DEVICE_CREDENTIAL_MESSAGES,
  type DeviceRegisterResponse,
  type PushRequest,
  deviceRegisterRequestSchema,
} from '@clinic/sync-protocol';
import { recordAudit } from '../audit/audit.repository';
import { DEVICE_ACTIONS, claimClient, newCredential, proveDevice } from './device-credential';
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
import { type Caller, applyPush } from './push.service';
import { sealedPushRoutes } from './sealed-push';
import { sizeLimit } from '../http/size-limit';
import { dailyTally } from '../http/account-limits';
import { signersOf } from '../auth/sign-in-stamp';

/** A full push (500 mutations with long notes) is larger than the general 1 MB limit. */
export const PUSH_BODY_LIMIT_BYTES = 8 * 1024 * 1024;
/** `{"protocolVersion":9,"clientId":"<uuid>"}` with room for whitespace. */
const REGISTER_BODY_LIMIT_BYTES = 1024;

/**
 * A range of client versions is served, so a deploy does not stop tablets mid-day. A client older than
 * the range must update (its outbox stays on the device); one newer than this server (met while a
 * deploy rolls out) is asked to retry later, which its backoff does.
 */
export function checkVersion(version: number) {
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
  // Refused changes stored per account today: a push gets the smaller of its own cap and what is left.
  const rejected = dailyTally(ctx.now);
  const rejectionRoom = (account: string) => {
    const { rejectionBytesPerPush, rejectionBytesPerDay } = ctx.accountLimits;
    const left = Math.max(0, rejectionBytesPerDay - rejected.used(account));
    return { bytes: Math.min(rejectionBytesPerPush, left), spend: (bytes: number) => rejected.add(account, bytes) };
  };

  /** The one way a push is applied, whether it came with a token (/push) or sealed (/sealed-push). */
  const applyPushOf = async (caller: Caller, body: PushRequest) => {
    checkVersion(body.protocolVersion);
    // A device still in an earlier epoch first sends again what the restored server lacks (heal), so
    // nothing is applied on top of the restored data before that; a device naming none is served as ever.
    const { epoch } = await currentEpoch(ctx.db, ctx.now);
    if (body.epoch !== undefined && body.epoch !== epoch)
      throw new ApiError(409, EPOCH_CHANGED_CODE, EPOCH_CHANGED_MESSAGE);
    return { ...(await applyPush(ctx.db, caller, body, ctx.now, rejectionRoom(caller.user.id))), epoch };
  };

  // Before requireAuth: a sealed push carries its proof inside (sealed-push.ts), and the key is public.
  app.route('/', sealedPushRoutes(ctx, applyPushOf));

  app.use('*', requireAuth(ctx));

  // The device's credential (issue 34): given once, then proved by every push, pull and heal.
  app.post('/register', sizeLimit(REGISTER_BODY_LIMIT_BYTES), jsonBody(deviceRegisterRequestSchema), async (c) => {
    const body = c.req.valid('json');
    checkVersion(body.protocolVersion);
    const { user, sessionId } = c.var.auth;
    const info = requestInfo(c);
    const now = ctx.now();
    const { credential, hash } = newCredential();
    const claimed = await ctx.db.transaction().execute(async (trx) => {
      const won = await claimClient(trx, body.clientId, user.id, hash, now.toISOString());
      await recordAudit(trx, {
        userId: user.id,
        username: user.username,
        action: won ? DEVICE_ACTIONS.register : DEVICE_ACTIONS.refused,
        entity: 'device',
        entityId: body.clientId,
        clientId: info.clientId,
        ip: info.ip,
        sessionId,
        detail: { route: c.req.path, userAgent: info.userAgent, ...(won ? {} : { reason: 'already_registered' }) },
        at: now,
      });
      return won;
    });
    if (!claimed)
      throw new ApiError(403, DEVICE_CREDENTIAL_CODES.alreadyRegistered, DEVICE_CREDENTIAL_MESSAGES.alreadyRegistered);
    const answer: DeviceRegisterResponse = { credential };
    return ok(c, answer);
  });

  app.post('/push', sizeLimit(PUSH_BODY_LIMIT_BYTES), jsonBody(pushRequestSchema), async (c) => {
    const body = c.req.valid('json');
    checkVersion(body.protocolVersion);
    await proveDevice(ctx, c, body.clientId);
    const caller = { user: c.var.auth.user, ip: requestInfo(c).ip, sessionId: c.var.auth.sessionId };
    return ok(c, await applyPushOf(caller, body));
  });

  app.post('/pull', jsonBody(pullRequestSchema), async (c) => {
    const body = c.req.valid('json');
    checkVersion(body.protocolVersion);
    await proveDevice(ctx, c, body.clientId);
    const page = await pull(
      ctx.db,
      { user: c.var.auth.user, ip: requestInfo(c).ip, clientId: requestInfo(c).clientId },
      body,
    );
    // Who of those the device asked about may still sign in there (issue 34): the others' wraps are dropped.
    if (!body.signers) return ok(c, page);
    return ok(c, { ...page, signers: await signersOf(ctx.db, ctx.config.tokenSecret, body.signers) });
  });

  // After a restore: a device sends again the rows the server lacks (see heal.service.ts).
  app.post('/heal/start', jsonBody(healStartRequestSchema), async (c) => {
    const body = c.req.valid('json');
    checkVersion(body.protocolVersion);
    await proveDevice(ctx, c, body.clientId);
    return ok(
      c,
      await healStart(
        ctx.db,
        { user: c.var.auth.user, ip: requestInfo(c).ip, clientId: requestInfo(c).clientId },
        body.clientId,
        ctx.now,
      ),
    );
  });

  app.post('/heal', jsonBody(healRequestSchema), async (c) => {
    const body = c.req.valid('json');
    checkVersion(body.protocolVersion);
    await proveDevice(ctx, c, body.clientId);
    return ok(
      c,
      await healBatch(
        ctx.db,
        { user: c.var.auth.user, ip: requestInfo(c).ip, clientId: requestInfo(c).clientId },
        body,
        ctx.now,
      ),
    );
  });

  app.post('/heal/finish', jsonBody(healFinishRequestSchema), async (c) => {
    const body = c.req.valid('json');
    checkVersion(body.protocolVersion);
    await proveDevice(ctx, c, body.clientId);
    return ok(
      c,
      await healFinish(
        ctx.db,
        { user: c.var.auth.user, ip: requestInfo(c).ip, clientId: requestInfo(c).clientId },
        body,
        ctx.now,
      ),
    );
  });

  return app;
}
