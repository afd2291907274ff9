import type { Mutation } from '@clinic/sync-protocol';
import type { ClinicDb, MetaKey } from './clinic-db';

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

/**
 * Numbers a mutation (1, 2, 3, …) and appends it to the outbox; call it inside the transaction that
 * makes the local change. The counter's update and the append go to IndexedDB together, one round
 * trip fewer than one after the other.
 */
export async function appendToOutbox(
  db: ClinicDb,
  entry: Pick<Mutation, 'name' | 'args' | 'clientTime' | 'authorId'>,
): Promise<Mutation> {
  const id = (await read<number>(db, 'nextMutationId')) ?? 1;
  const mutation = { ...entry, id } as Mutation; // name and args come paired from the caller's Mutation
  await Promise.all([db.meta.put({ key: 'nextMutationId', value: id + 1 }), db.outbox.add(mutation)]);
  return mutation;
}

export async function getCookie(db: ClinicDb): Promise<number> {
  return (await read<number>(db, 'cookie')) ?? 0;
}

export async function getLastSyncedAt(db: ClinicDb): Promise<string | null> {
  return (await read<string>(db, 'lastSyncedAt')) ?? null;
}
