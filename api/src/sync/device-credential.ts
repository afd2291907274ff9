import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  DEVICE_CREDENTIAL_CODES,
  DEVICE_CREDENTIAL_HEADER,
  DEVICE_CREDENTIAL_MESSAGES,
  deviceCredentialSchema,
} from '@clinic/sync-protocol';
import type { Context } from 'hono';
import { recordAudit } from '../audit/audit.repository';
import type { Db } from '../db/dialect';
import type { Ctx } from '../deps';
import type { AppEnv } from '../http/app-env';
import { ApiError } from '../http/envelope';
import { requestInfo } from '../http/request-info';

export const DEVICE_ACTIONS = { register: 'device_register', refused: 'device_credential_refused' } as const;

const hashOf = (credential: string) => createHash('sha256').update(credential).digest();

export function newCredential(): { credential: string; hash: string } {
  const credential = randomBytes(32).toString('base64url');
  return { credential, hash: hashOf(credential).toString('hex') };
}

async function storedHash(db: Db, clientId: string): Promise<string | null> {
  const row = await db
    .selectFrom('sync_clients')
    .select('credential_hash')
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row?.credential_hash ?? null;
}

/** True when `given` is the credential registered for `clientId` (a device of the clinic's own). */
export async function holdsDeviceCredential(db: Db, clientId: string, given: string): Promise<boolean> {
  if (!deviceCredentialSchema.safeParse(given).success) return false;
  const hash = await storedHash(db, clientId);
  return hash !== null && timingSafeEqual(hashOf(given), Buffer.from(hash, 'hex'));
}

/**
 * The device's claim to `clientId`, made once: a new client, or one from before credentials existed
 * (the first to register it after the update wins; its own tablet registers at its first sync). False
 * when another device holds it.
 */
export async function claimClient(db: Db, clientId: string, userId: string, hash: string, now: string) {
  await db
    .insertInto('sync_clients')
    .values({ client_id: clientId, user_id: userId, last_mutation_id: 0, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('client_id').doNothing())
    .execute();
  const result = await db
    .updateTable('sync_clients')
    .set({ credential_hash: hash, updated_at: now })
    .where('client_id', '=', clientId)
    .where('credential_hash', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Refuses (403, nothing read or written) a sync call for `clientId` that does not carry that device's
 * credential; the refusal is in the access log. A server restored from a backup older than a device's
 * registration does not know the client (or knows it from before credentials): the credential it presents
 * becomes the client's, as a registration would (no one else holds that id; the device goes on as before).
 */
export async function proveDevice(ctx: Ctx, c: Context<AppEnv>, clientId: string): Promise<void> {
  const given = c.req.header(DEVICE_CREDENTIAL_HEADER) ?? '';
  const wellFormed = deviceCredentialSchema.safeParse(given).success;
  const hash = await storedHash(ctx.db, clientId);
  if (wellFormed && hash !== null && timingSafeEqual(hashOf(given), Buffer.from(hash, 'hex'))) return;
  if (wellFormed && hash === null) {
    const now = ctx.now().toISOString();
    if (await claimClient(ctx.db, clientId, c.var.auth.user.id, hashOf(given).toString('hex'), now)) return;
  }
  const unregistered = hash === null;
  const info = requestInfo(c);
  await recordAudit(ctx.db, {
    userId: c.var.auth.user.id,
    username: c.var.auth.user.username,
    action: DEVICE_ACTIONS.refused,
    entity: 'device',
    entityId: clientId,
    clientId: info.clientId,
    ip: info.ip,
    sessionId: c.var.auth.sessionId,
    detail: { route: c.req.path, credential: given ? 'wrong' : 'missing', userAgent: info.userAgent },
    at: ctx.now(),
  });
  throw unregistered
    ? new ApiError(403, DEVICE_CREDENTIAL_CODES.notRegistered, DEVICE_CREDENTIAL_MESSAGES.notRegistered)
    : new ApiError(403, DEVICE_CREDENTIAL_CODES.invalid, DEVICE_CREDENTIAL_MESSAGES.invalid);
}
