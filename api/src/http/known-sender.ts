import { DEVICE_CREDENTIAL_HEADER } from '@clinic/sync-protocol';
import type { Context } from 'hono';
import { findLiveSession } from '../auth/sessions.repository';
import { verifyAccessToken } from '../auth/tokens';
import type { Ctx } from '../deps';
import { holdsDeviceCredential } from '../sync/device-credential';
import { requestInfo } from './request-info';
import type { QuotaSender } from './storage-quota';

/**
 * Who sends to a route that needs no login: the clinic's own when the request carries a registered
 * device's credential (with its X-Client-Id) or a live session's token, else anyone. Nothing is
 * refused here: a wrong credential or token only makes the sender anonymous.
 */
export async function senderOf(ctx: Ctx, c: Context): Promise<QuotaSender> {
  const address = requestInfo(c).ip ?? 'unknown';
  return { address, trusted: (await hasLiveSession(ctx, c)) || (await isRegisteredDevice(ctx, c)) };
}

async function hasLiveSession(ctx: Ctx, c: Context): Promise<boolean> {
  const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  if (!token) return false;
  try {
    const claims = await verifyAccessToken(token, ctx.config.tokenSecret);
    const live = await findLiveSession(ctx.db, claims.sid, ctx.now().toISOString());
    return live?.user.id === claims.sub;
  } catch {
    return false;
  }
}

function isRegisteredDevice(ctx: Ctx, c: Context): Promise<boolean> {
  const clientId = requestInfo(c).clientId;
  const credential = c.req.header(DEVICE_CREDENTIAL_HEADER);
  if (!clientId || !credential) return Promise.resolve(false);
  return holdsDeviceCredential(ctx.db, clientId, credential);
}
