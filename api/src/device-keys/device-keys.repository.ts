import { randomBytes } from 'node:crypto';
import { DEVICE_KEY_BYTES } from '@clinic/sync-protocol';
import type { Db } from '../db/dialect';

/**
 * The device's key, made (from the system's random source) on its first request. Two first requests
 * at once both end with the one key that was stored: the insert leaves an existing row alone and the
 * key is read back afterwards.
 */
export async function deviceKeyFor(
  db: Db,
  clientId: string,
  by: { userId: string; now: string },
): Promise<{ key: string; created: boolean }> {
  const known = await readKey(db, clientId);
  if (known !== undefined) return { key: known, created: false };
  const made = randomBytes(DEVICE_KEY_BYTES).toString('base64');
  await db
    .insertInto('device_keys')
    .values({ client_id: clientId, key: made, created_at: by.now, created_by: by.userId })
    .onConflict((oc) => oc.column('client_id').doNothing())
    .execute();
  const key = await readKey(db, clientId);
  if (key === undefined) throw new Error('device key vanished while being made');
  return { key, created: key === made };
}

async function readKey(db: Db, clientId: string): Promise<string | undefined> {
  const row = await db.selectFrom('device_keys').select('key').where('client_id', '=', clientId).executeTakeFirst();
  return row?.key;
}

/** Forgets the device's key; true when there was one. */
export async function revokeDeviceKey(db: Db, clientId: string): Promise<boolean> {
  const result = await db.deleteFrom('device_keys').where('client_id', '=', clientId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
