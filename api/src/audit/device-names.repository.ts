import type { Db } from '../db/dialect';

/** Keeps the device's latest name; '' (the name cleared in 設定) forgets it. */
export async function saveDeviceName(db: Db, clientId: string, name: string, now: Date): Promise<void> {
  if (name === '') {
    await db.deleteFrom('device_names').where('client_id', '=', clientId).execute();
    return;
  }
  const updated_at = now.toISOString();
  await db
    .insertInto('device_names')
    .values({ client_id: clientId, name, updated_at })
    .onConflict((oc) => oc.column('client_id').doUpdateSet({ name, updated_at }))
    .execute();
}

/** The names of these devices, by client id (those with none are left out). */
export async function deviceNamesOf(db: Db, clientIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(clientIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('device_names')
    .select(['client_id', 'name'])
    .where('client_id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.client_id, row.name]));
}
