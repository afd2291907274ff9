import {
  type PushRequest,
  type SealPublicKey,
  SEALED_CODES,
  type SealedPushPayload,
  sealKeyResponseSchema,
} from '@clinic/sync-protocol';
import { sealFor } from '@clinic/sync-protocol/sealed';
import { apiRequest } from '../api/client';
import { sessionStore } from '../auth/session-store';
import type { ClinicDb } from '../data/clinic-db';
import { DEVICE_CREDENTIAL_HEADER } from '@clinic/sync-protocol/device-header';
import { type Register, credentialHeaders } from './device-credential';

/*
 * Sealing a push for the server (issue 37): the server's public key (fetched once, kept in `meta` in
 * clear: it is public), the device's credential (sealed at rest, readable only while someone is signed in)
 * and the person signed in. The sealed body is what the page sends and what the worker keeps: once made,
 * nothing on the device can read it back.
 */

async function cachedKey(db: ClinicDb): Promise<SealPublicKey | null> {
  const value = (await db.meta.get('sealKey'))?.value;
  if (typeof value !== 'string') return null;
  const parsed = sealKeyResponseSchema.safeParse(JSON.parse(value));
  return parsed.success ? parsed.data : null;
}

/** The server's key: the one kept, or asked for (and kept). `fresh`: the kept one was refused. */
export async function sealKey(db: ClinicDb, fresh = false): Promise<SealPublicKey> {
  const kept = fresh ? null : await cachedKey(db);
  if (kept) return kept;
  const key = await apiRequest('/sync/seal-key', { schema: sealKeyResponseSchema, auth: false });
  await db.meta.put({ key: 'sealKey', value: JSON.stringify(key) });
  return key;
}

/** Fetches the key while online, so a push that cannot go later can still be sealed; never rejects. */
export async function keepSealKey(db: ClinicDb): Promise<void> {
  if (!(await cachedKey(db).catch(() => null))) await sealKey(db).catch(() => undefined);
}

export const isStaleKey = (code: string | null) => code === SEALED_CODES.unknownKey;

/**
 * The push sealed for the server, as the JSON body of /api/sync/sealed-push. `register` is asked for a
 * credential when the device has none yet (its first sync; online only). Null when no one is signed in.
 */
export async function sealPush(
  db: ClinicDb,
  push: PushRequest,
  register: Register,
  options: { freshKey?: boolean; cachedOnly?: boolean } = {},
): Promise<string | null> {
  const senderId = sessionStore.get()?.user.id;
  if (!senderId) return null;
  const key = options.cachedOnly ? await cachedKey(db) : await sealKey(db, options.freshKey);
  if (!key) return null;
  const credential = (await credentialHeaders(db, push.clientId, register))[DEVICE_CREDENTIAL_HEADER];
  if (!credential) return null;
  const payload: SealedPushPayload = { credential, senderId, push };
  return JSON.stringify(await sealFor(key, payload));
}
