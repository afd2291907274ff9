import {
  DEVICE_CREDENTIAL_CODES,
  DEVICE_CREDENTIAL_MESSAGES,
  type PushRequest,
  type PushResponse,
  SEALED_CODES,
  SEALED_MESSAGES,
  sealedEnvelopeSchema,
  sealedPushPayloadSchema,
  type SealedPushPayload,
} from '@clinic/sync-protocol';
import { openSealed } from '@clinic/sync-protocol/sealed';
import { Hono } from 'hono';
import { recordAudit } from '../audit/audit.repository';
import type { Ctx } from '../deps';
import type { AppEnv } from '../http/app-env';
import { ApiError, ok } from '../http/envelope';
import { requestInfo } from '../http/request-info';
import { sizeLimit } from '../http/size-limit';
import { jsonBody } from '../http/validate';
import { DEVICE_ACTIONS, holdsDeviceCredential } from './device-credential';
import type { Caller } from './push.service';

/** base64url of an 8 MB push, with the envelope around it. */
export const SEALED_PUSH_BODY_LIMIT_BYTES = Math.ceil((8 * 1024 * 1024 * 4) / 3) + 1024;

type ApplyPush = (caller: Caller, body: PushRequest) => Promise<PushResponse>;

/**
 * The sealed push (issue 37): what the tablet's service worker replays with no page open and nobody
 * signed in, and what the page itself sends, so both go one way. Its body opens only with the server's
 * private key (seal-keys.ts); inside are the device's credential (checked as /push checks the header),
 * the person who was signed in when it was sealed (whose rights apply, as their token's would) and the
 * push, applied by the same code as /push: exactly once by mutation id, so a replay changes nothing.
 */
export function sealedPushRoutes(ctx: Ctx, applyPush: ApplyPush) {
  const app = new Hono<AppEnv>();

  app.get('/seal-key', async (c) => ok(c, (await ctx.sealKeys()).current));

  app.post('/sealed-push', sizeLimit(SEALED_PUSH_BODY_LIMIT_BYTES), jsonBody(sealedEnvelopeSchema), async (c) => {
    const envelope = c.req.valid('json');
    const key = (await ctx.sealKeys()).find(envelope.kid, ctx.now());
    if (!key) throw new ApiError(400, SEALED_CODES.unknownKey, SEALED_MESSAGES.unknownKey);
    let payload: SealedPushPayload;
    try {
      payload = sealedPushPayloadSchema.parse(await openSealed(key, envelope));
    } catch {
      throw new ApiError(400, SEALED_CODES.unreadable, SEALED_MESSAGES.unreadable);
    }
    const sender = await ctx.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('id', '=', payload.senderId)
      .where('deleted', '=', 0)
      .executeTakeFirst();
    const { clientId } = payload.push;
    if (!(await holdsDeviceCredential(ctx.db, clientId, payload.credential))) {
      const info = requestInfo(c);
      await recordAudit(ctx.db, {
        userId: sender?.id ?? null,
        username: sender?.username ?? null,
        action: DEVICE_ACTIONS.refused,
        entity: 'device',
        entityId: clientId,
        clientId: info.clientId,
        ip: info.ip,
        detail: { route: c.req.path, credential: 'wrong', userAgent: info.userAgent },
        at: ctx.now(),
      });
      throw new ApiError(403, DEVICE_CREDENTIAL_CODES.invalid, DEVICE_CREDENTIAL_MESSAGES.invalid);
    }
    if (!sender) throw new ApiError(403, 'SENDER_GONE', SEALED_MESSAGES.senderGone);
    return ok(c, await applyPush({ user: sender, ip: requestInfo(c).ip, sessionId: null }, payload.push));
  });

  return app;
}
