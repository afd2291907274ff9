import { DEVICE_CREDENTIAL_CODES, DEVICE_CREDENTIAL_HEADER } from '@clinic/sync-protocol';
import { setDeviceCredential } from '../api/device-identity';
import { ApiError } from '../api/errors';
import type { ClinicDb } from '../data/clinic-db';

/** Asks the server for this device's credential (POST /api/sync/register). */
export type Register = (clientId: string) => Promise<string>;

async function stored(db: ClinicDb): Promise<string | null> {
  const value = (await db.meta.get('deviceCredential'))?.value;
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * The header that proves this device's claim to its client id (issue 34): the credential the server gave
 * at the first sync, kept in `meta` sealed with the device's key (vault/seal-specs.ts), so a copy of the
 * tablet's storage holds nothing that works on the server. Another tab that registered at the same moment
 * holds the one the server kept: it is read back after the server refuses a second registration.
 */
export async function credentialHeaders(
  db: ClinicDb,
  clientId: string,
  register: Register,
): Promise<Record<string, string>> {
  const known = await stored(db);
  if (known) return proof(known);
  // One registration at a time in this page: its first pull and its first sealed push both need the credential,
  // and the second of two registrations is refused (already registered) before the first has kept its answer.
  let pending = registering.get(clientId);
  if (!pending) {
    pending = registerOnce(db, clientId, register).finally(() => registering.delete(clientId));
    registering.set(clientId, pending);
  }
  return proof(await pending);
}

const registering = new Map<string, Promise<string>>();

async function registerOnce(db: ClinicDb, clientId: string, register: Register): Promise<string> {
  let credential: string;
  try {
    credential = await register(clientId);
  } catch (error) {
    const other = error instanceof ApiError && error.code === DEVICE_CREDENTIAL_CODES.alreadyRegistered;
    const theirs = other ? await stored(db) : null;
    if (!theirs) throw error;
    return theirs;
  }
  await db.meta.put({ key: 'deviceCredential', value: credential });
  return credential;
}

/** The header, and the credential kept for the device's anonymous log uploads (api/device-identity.ts). */
function proof(credential: string): Record<string, string> {
  setDeviceCredential(credential);
  return { [DEVICE_CREDENTIAL_HEADER]: credential };
}
