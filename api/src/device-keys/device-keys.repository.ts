import { randomBytes } from 'node:crypto';
import { DEVICE_KEY_BYTES } from '@clinic/sync-protocol';
import type { Db } from '../db/dialect';
import { type EscrowKey, isSealedEscrow, openEscrow, sealEscrow } from './escrow-seal';

/**
 * The device's key, made (from the system's random source) on its first request and stored sealed
 * (escrow-seal.ts). Two first requests at once both end with the one key that was stored: the insert
 * leaves an existing row alone and the key is read back afterwards.
 */
export async function deviceKeyFor(
  db: Db,
  seal: EscrowKey,
  clientId: string,
  by: { userId: string; now: string },
): Promise<{ key: string; created: boolean }> {
  const known = await readKey(db, seal, clientId);
  if (known !== undefined) return { key: known, created: false };
  const made = randomBytes(DEVICE_KEY_BYTES).toString('base64');
  await db
    .insertInto('device_keys')
    .values({ client_id: clientId, key: sealEscrow(seal, clientId, made), created_at: by.now, created_by: by.userId })
    .onConflict((oc) => oc.column('client_id').doNothing())
    .execute();
  const key = await readKey(db, seal, clientId);
  if (key === undefined) throw new Error('device key vanished while being made');
  return { key, created: key === made };
}

async function readKey(db: Db, seal: EscrowKey, clientId: string): Promise<string | undefined> {
  const row = await db.selectFrom('device_keys').select('key').where('client_id', '=', clientId).executeTakeFirst();
  if (!row) return undefined;
  if (isSealedEscrow(row.key)) return openEscrow(seal, clientId, row.key);
  // An older server's row in clear: sealed now, as the start's pass would have (sealPlainDeviceKeys).
  await db
    .updateTable('device_keys')
    .set({ key: sealEscrow(seal, clientId, row.key) })
    .where('client_id', '=', clientId)
    .where('key', '=', row.key)
    .execute();
  return row.key;
}

/** Seals every key an older server stored in clear; run at start. Resolves to how many it sealed. */
export async function sealPlainDeviceKeys(db: Db, seal: EscrowKey): Promise<number> {
  const rows = await db.selectFrom('device_keys').select(['client_id', 'key']).execute();
  let sealed = 0;
  for (const row of rows.filter((r) => !isSealedEscrow(r.key))) {
    await db
      .updateTable('device_keys')
      .set({ key: sealEscrow(seal, row.client_id, row.key) })
      .where('client_id', '=', row.client_id)
      .where('key', '=', row.key)
      .execute();
    sealed += 1;
  }
  return sealed;
}

/** Forgets the device's key; true when there was one. */
export async function revokeDeviceKey(db: Db, clientId: string): Promise<boolean> {
  const result = await db.deleteFrom('device_keys').where('client_id', '=', clientId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
