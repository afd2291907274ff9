import type { ClinicDb, MetaKey } from '../db/clinic-db';

async function read<T extends string | number>(db: ClinicDb, key: MetaKey): Promise<T | undefined> {
  return (await db.meta.get(key))?.value as T | undefined; // each key is written with one type only, below
}

/** This browser profile's id; made on first use and kept until the device's data is wiped. */
export async function getClientId(db: ClinicDb): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const existing = await read<string>(db, 'clientId');
    if (existing) return existing;
    const clientId = crypto.randomUUID();
    await db.meta.put({ key: 'clientId', value: clientId });
    return clientId;
  });
}

/** The next mutation id (1, 2, 3, …). Call inside the transaction that appends to the outbox. */
export async function takeMutationId(db: ClinicDb): Promise<number> {
  const next = (await read<number>(db, 'nextMutationId')) ?? 1;
  await db.meta.put({ key: 'nextMutationId', value: next + 1 });
  return next;
}

export async function getCookie(db: ClinicDb): Promise<number> {
  return (await read<number>(db, 'cookie')) ?? 0;
}

export async function getLastSyncedAt(db: ClinicDb): Promise<string | null> {
  return (await read<string>(db, 'lastSyncedAt')) ?? null;
}
