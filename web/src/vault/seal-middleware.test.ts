import { Blob as NodeBlob } from 'node:buffer';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalCustomer } from '../data/clinic-db';
import { freshDb, serverCustomer } from '../test-utils/sync-fixtures';
import { clearDataKey, dataKey, setDataKey, VaultLockedError } from './data-key';
import { sealAllPlainRows } from './seal-existing';
import { PlainFileRefusedError } from './seal-middleware';
import { sealBlob } from './seal';

const ID = '11111111-1111-4111-8111-111111111111';
const customer = (fields: Partial<LocalCustomer> = {}): LocalCustomer => ({
  ...serverCustomer({ id: ID, name: '鈴木 一郎', phone: '080-1111-2222' }),
  pending: 1,
  server: null,
  ...fields,
});

/** A store's rows as IndexedDB holds them, read beside Dexie (and its middleware). */
function raw(db: ReturnType<typeof freshDb>, store: string): Promise<Record<string, unknown>[]> {
  return new Promise((resolve, reject) => {
    const request = db.backendDB().transaction(store).objectStore(store).getAll();
    request.onsuccess = () => resolve(request.result as Record<string, unknown>[]);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function putRaw(db: ReturnType<typeof freshDb>, store: string, value: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const tx = db.backendDB().transaction(store, 'readwrite');
    tx.objectStore(store).put(value);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
}

// The key this file's setup lent; a test that locks puts a copy back (clearing wipes the bytes).
const key = dataKey().slice();
afterEach(() => setDataKey(key.slice()));

describe('rows sealed on the way to IndexedDB', () => {
  it('keeps only keys, indexes and flags readable; reads give the row back as written', async () => {
    const db = freshDb();
    const row = customer({ server: serverCustomer({ id: ID, name: '鈴木 一郎（前）' }) });
    await db.customers.put(row);
    const [stored] = await raw(db, 'customers');
    expect(Object.keys(stored!).sort()).toEqual(['chartNumber', 'deleted', 'id', 'pending', 'sealed', 'version']);
    expect(stored!.sealed).toBeInstanceOf(Uint8Array);
    expect(await db.customers.get(ID)).toEqual(row);
    expect(await db.customers.where('pending').equals(1).toArray()).toEqual([row]);
    expect(await db.customers.toCollection().first()).toEqual(row);
  });

  it('a change through a cursor (modify) is opened, changed and sealed again', async () => {
    const db = freshDb();
    await db.customers.put(customer());
    await db.customers
      .where('pending')
      .equals(1)
      .modify((row) => {
        row.phone = '03-0000-0000';
      });
    expect((await db.customers.get(ID))?.phone).toBe('03-0000-0000');
    expect(JSON.stringify(await raw(db, 'customers'))).not.toContain('03-0000-0000');
  });

  it('reads a row stored before sealing as it is, and seals it when next written', async () => {
    const db = freshDb();
    await db.open();
    const old = customer();
    await putRaw(db, 'customers', old);
    expect(await db.customers.get(ID)).toEqual(old);
    await db.customers.update(ID, { pending: 0 });
    const [stored] = await raw(db, 'customers');
    expect(stored).not.toHaveProperty('name');
    expect(await db.customers.get(ID)).toEqual({ ...old, pending: 0 });
  });

  it('refuses a plain file in a file field, so a forgotten path fails loudly', async () => {
    const db = freshDb();
    const file = { id: ID, blob: new Blob(['photo']), thumbnail: null, sentBytes: 0, waiting: 1 as const, attempts: 0 };
    await expect(db.mediaFiles.put(file as never)).rejects.toBeInstanceOf(PlainFileRefusedError);
    await db.mediaFiles.put({ ...file, blob: await sealBlob(new Blob(['photo']), 'mediaFiles.blob') });
    expect(await db.mediaFiles.where('waiting').equals(1).count()).toBe(1);
  });
});

describe('without the data key (locked, signed out)', () => {
  it('neither reads nor writes personal data, yet counts, the outbox size and the client id still work', async () => {
    const db = freshDb();
    await db.customers.put(customer());
    await db.meta.put({ key: 'clientId', value: 'client-1' });
    await db.outbox.add({
      id: 1,
      name: 'customer.create',
      args: { id: ID },
      clientTime: '2026-11-20T00:00:00.000Z',
    } as never);
    clearDataKey();
    await expect(db.customers.get(ID)).rejects.toBeInstanceOf(VaultLockedError);
    await expect(db.customers.toArray()).rejects.toBeInstanceOf(VaultLockedError);
    await expect(db.customers.put(customer({ name: '別人' }))).rejects.toBeInstanceOf(VaultLockedError);
    expect(await db.customers.where('pending').equals(1).count()).toBe(1);
    expect(await db.customers.toCollection().primaryKeys()).toEqual([ID]);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.meta.get('clientId')).toEqual({ key: 'clientId', value: 'client-1' });
    await db.meta.put({ key: 'cookie', value: 5 });
    expect((await db.customers.get(ID).catch((error: unknown) => error)) instanceof VaultLockedError).toBe(true);
  });

  it('another key opens nothing', async () => {
    const db = freshDb();
    await db.customers.put(customer());
    setDataKey(crypto.getRandomValues(new Uint8Array(32)));
    expect(await db.customers.get(ID)).toBeUndefined();
    expect(await db.customers.toArray()).toEqual([]);
  });
});

describe('sealAllPlainRows', () => {
  it('seals every row and file an older version left in clear, once', async () => {
    const db = freshDb();
    await db.open();
    await putRaw(db, 'customers', customer());
    await putRaw(db, 'outbox', { id: 1, name: 'customer.create', args: { name: '鈴木 一郎' }, clientTime: 'x' });
    await putRaw(db, 'meta', { key: 'clientId', value: 'client-1' });
    // Node's Blob: the fake IndexedDB keeps it as a browser does (happy-dom's is not cloneable).
    await putRaw(db, 'mediaFiles', {
      id: ID,
      blob: new NodeBlob(['RAW-PHOTO']),
      thumbnail: null,
      sentBytes: 0,
      waiting: 1,
      attempts: 0,
    });
    await db.visits.put({ id: 'v1', customerId: ID, pending: 0 } as never);

    expect(await sealAllPlainRows(db)).toBe(3);
    const customers = await raw(db, 'customers');
    expect(customers[0]).not.toHaveProperty('name');
    expect((await raw(db, 'outbox'))[0]).not.toHaveProperty('args');
    expect((await raw(db, 'meta'))[0]).toEqual({ key: 'clientId', value: 'client-1' });
    expect((await raw(db, 'mediaFiles'))[0]!.blob).toMatchObject({ type: '', size: 9 });
    expect(await db.customers.get(ID)).toEqual(customer());
    expect(await sealAllPlainRows(db)).toBe(0);
  });
});
