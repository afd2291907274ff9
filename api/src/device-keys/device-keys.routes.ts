import {
  DEVICE_KEY_MESSAGES,
  type DeviceKeyResponse,
  type DeviceKeyRevokeResponse,
  deviceClientIdSchema,
  deviceKeyRequestSchema,
} from '@clinic/sync-protocol';
import { Hono } from 'hono';
import { recordAudit } from '../audit/audit.repository';
import type { Ctx } from '../deps';
import type { AppEnv } from '../http/app-env';
import { requireAuth, requireRole } from '../http/auth-middleware';
import { ApiError, ok } from '../http/envelope';
import { requestInfo } from '../http/request-info';
import { sizeLimit } from '../http/size-limit';
import { jsonBody } from '../http/validate';
import { deviceKeyFor, revokeDeviceKey } from './device-keys.repository';
import { escrowKey } from './escrow-seal';

/** `{"clientId":"<uuid>"}` is 52 bytes; room for whitespace, nothing more. */
export const DEVICE_KEY_BODY_LIMIT_BYTES = 1024;

export const DEVICE_KEY_ACTIONS = { issue: 'device_key_issue', revoke: 'device_key_revoke' } as const;

/**
 * Device key escrow (issue 25). POST /api/device-key hands a tablet its key, made on the first request:
 * any signed-in person may ask, since the key opens only what the tablet already holds and the person
 * could read the same patients from the server anyway. DELETE /api/device-key/:clientId (administrators)
 * forgets a lost tablet's key, so no sign-in can open that tablet's data again; a later request gets a
 * new key, which opens nothing the tablet stored before. Each hand-out and revocation is in the access log.
 */
export function deviceKeyRoutes(ctx: Ctx) {
  const app = new Hono<AppEnv>();
  const seal = escrowKey(ctx.config.deviceKeySecret ?? ctx.config.tokenSecret);

  app.post(
    '/',
    sizeLimit(DEVICE_KEY_BODY_LIMIT_BYTES),
    requireAuth(ctx),
    jsonBody(deviceKeyRequestSchema),
    async (c) => {
      const { clientId } = c.req.valid('json');
      const { user, sessionId } = c.var.auth;
      const info = requestInfo(c);
      const now = ctx.now();
      // One transaction: a key is never handed out without its audit row.
      const { key } = await ctx.db.transaction().execute(async (trx) => {
        const issued = await deviceKeyFor(trx, seal, clientId, { userId: user.id, now: now.toISOString() });
        await recordAudit(trx, {
          userId: user.id,
          username: user.username,
          action: DEVICE_KEY_ACTIONS.issue,
          entity: 'device',
          entityId: clientId,
          clientId: info.clientId,
          ip: info.ip,
          sessionId,
          detail: { created: issued.created, userAgent: info.userAgent },
          at: now,
        });
        return issued;
      });
      const body: DeviceKeyResponse = { key };
      return ok(c, body);
    },
  );

  app.delete('/:clientId', requireAuth(ctx), requireRole('admin'), async (c) => {
    const parsed = deviceClientIdSchema.safeParse(c.req.param('clientId'));
    if (!parsed.success) throw new ApiError(400, 'VALIDATION_ERROR', DEVICE_KEY_MESSAGES.invalidClientId);
    const clientId = parsed.data;
    const { user, sessionId } = c.var.auth;
    const info = requestInfo(c);
    const now = ctx.now();
    const revoked = await ctx.db.transaction().execute(async (trx) => {
      const gone = await revokeDeviceKey(trx, clientId);
      await recordAudit(trx, {
        userId: user.id,
        username: user.username,
        action: DEVICE_KEY_ACTIONS.revoke,
        entity: 'device',
        entityId: clientId,
        clientId: info.clientId,
        ip: info.ip,
        sessionId,
        detail: { revoked: gone, userAgent: info.userAgent },
        at: now,
      });
      return gone;
    });
    const body: DeviceKeyRevokeResponse = { clientId, revoked };
    return ok(c, body);
  });

  return app;
}
