import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';
import { Blob as NodeBlob } from 'node:buffer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LocalCustomer } from '../data/clinic-db';
import { openFile, sealFile, sealMediaFile } from '../media/sealed-files';
import { freshDb, serverCustomer } from '../test-utils/sync-fixtures';
import { dataKey } from './data-key';
import { boundTo, openBytes, sealBytes } from './seal';
import { sealAllPlainRows } from './seal-existing';
import { markDeviceSealed, useSealMarks } from './seal-mode';
import { onSetAside, type SetAsideReport } from './set-aside';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const VICTIM = '33333333-3333-4333-8333-333333333333';
type Db = ReturnType<typeof freshDb>;
const customer = (id: string, name: string): LocalCustomer => ({ ...serverCustomer({ id, name }), pending: 0 });

function raw(db: Db, store: string): Promise<Record<string, unknown>[]> {
  return new Promise((resolve, reject) => {
    const request = db.backendDB().transaction(store).objectStore(store).getAll();
    request.onsuccess = () => resolve(request.result as Record<string, unknown>[]);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}
function putRaw(db: Db, store: string, ...values: unknown[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const tx = db.backendDB().transaction(store, 'readwrite');
    for (const value of values) tx.objectStore(store).put(value);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
}
const memoryMarks = () => {
  const values = new Map<string, string>();
  return { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v) };
};
const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 5));
};

let all: SetAsideReport[] = [];
/** This test's reports: a row another test set aside may be reported late, while this one runs (shared modules). */
const reportsOf = (db: { name: string }) => all.filter((report) => report.database === db.name);
let stopReports = () => undefined as void;
beforeEach(() => {
  useSealMarks(memoryMarks());
  all = [];
  stopReports = onSetAside((report) => all.push(report));
});
afterEach(() => {
  stopReports();
  useSealMarks(null);
});

const planted = { id: 7, name: 'customer.update', args: { patch: { medicalHistory: 'PLANTED' } }, authorId: VICTIM };

describe('once the device is sealed, a row that does not open is set aside', () => {
  it('an outbox entry put in without its seal is never read, counted or sent, and is reported without its content', async () => {
    const db = freshDb();
    await db.open();
    markDeviceSealed();
    await db.outbox.add({ id: 6, name: 'customer.create', args: { id: A }, clientTime: 't' } as never);
    await putRaw(db, 'outbox', planted);

    expect(await db.outbox.get(7)).toBeUndefined();
    expect(await db.outbox.bulkGet([6, 7])).toEqual([expect.objectContaining({ id: 6 }), undefined]);
    // What the engine's push reads (sync/engine.ts pushAll).
    const pushed = await db.outbox.where('id').above(0).limit(500).toArray();
    expect(pushed.map((m) => m.id)).toEqual([6]);
    expect((await db.outbox.toCollection().toArray()).map((m) => m.id)).toEqual([6]);
    // Moved out, as stored: the outbox count is what will be sent.
    await until(async () => (await db.outbox.count()) === 1);
    expect(await db.outbox.count()).toBe(1);
    const aside = await db.setAside.toArray();
    expect(aside).toEqual([expect.objectContaining({ table: 'outbox', key: 7, stored: planted })]);
    expect(reportsOf(db)).toEqual([{ database: db.name, table: 'outbox', reason: 'plain' }]);
    expect(JSON.stringify(all)).not.toContain('PLANTED');
  });

  it('before the device is sealed, an older version’s plain row reads as it is, and the upgrade seals it', async () => {
    const db = freshDb();
    await db.open();
    await putRaw(db, 'outbox', planted);
    expect(await db.outbox.get(7)).toEqual(planted);
    expect(await sealAllPlainRows(db)).toBe(1);
    markDeviceSealed();
    expect(await db.outbox.get(7)).toEqual(planted);
    expect((await raw(db, 'outbox'))[0]).not.toHaveProperty('args');
  });
});

describe('a sealed value is bound to its table and key', () => {
  it('swapping two customers’ seals opens neither as the other', async () => {
    const db = freshDb();
    await db.customers.bulkPut([customer(A, '患者 エー'), customer(B, '患者 ビー')]);
    const [a, b] = await raw(db, 'customers');
    await putRaw(db, 'customers', { ...a, sealed: b!.sealed }, { ...b, sealed: a!.sealed });
    expect(await db.customers.get(A)).toBeUndefined();
    expect(await db.customers.toArray()).toEqual([]);
    await until(async () => (await db.setAside.count()) === 2);
    expect(reportsOf(db).map((r) => r.reason)).toEqual(['does-not-open', 'does-not-open']);
  });

  it('a value sealed for one outbox entry does not open as another (its mutation id)', async () => {
    const db = freshDb();
    await db.outbox.bulkAdd([
      { id: 1, name: 'customer.create', args: { id: A }, clientTime: 't' },
      { id: 2, name: 'customer.create', args: { id: B }, clientTime: 't' },
    ] as never);
    const [one] = await raw(db, 'outbox');
    await putRaw(db, 'outbox', { id: 3, sealed: one!.sealed });
    expect((await db.outbox.toArray()).map((m) => m.id)).toEqual([1, 2]);
  });

  it('a compound key binds a recording piece; a file moved to another capture does not open', async () => {
    const photo = await sealMediaFile({
      id: A,
      blob: new NodeBlob(['PHOTO-A']) as Blob,
      thumbnail: null,
      sentBytes: 0,
      waiting: 1,
      attempts: 0,
    });
    expect(await (await openFile(photo.blob, 'mediaFiles.blob', A))!.text()).toBe('PHOTO-A');
    await expect(openFile(photo.blob, 'mediaFiles.blob', B)).rejects.toThrow();
    await expect(openFile(photo.blob, 'mediaFiles.thumbnail', A)).rejects.toThrow();
    const piece = await sealFile(new NodeBlob(['PIECE']) as Blob, 'recordingChunks.data', ['r1', 1]);
    await expect(openFile(piece, 'recordingChunks.data', ['r1', 2])).rejects.toThrow();
    expect(boundTo('outbox', 1)).not.toBe(boundTo('outbox', '1'));
  });
});

describe('the rows’ cipher', () => {
  it('is XChaCha20-Poly1305 with a format byte and a 24-byte nonce; a full label still works for callers', () => {
    const plain = new TextEncoder().encode('山田 花子');
    const sealed = sealBytes(plain, 'auth.tokens');
    expect(sealed[0]).toBe(2);
    expect(sealed.length).toBe(1 + 24 + plain.length + 16);
    const aad = new TextEncoder().encode('auth.tokens');
    expect(xchacha20poly1305(dataKey(), sealed.subarray(1, 25), aad).decrypt(sealed.subarray(25))).toEqual(plain);
    expect(openBytes(sealed, 'auth.tokens')).toEqual(plain);
    expect(() => openBytes(sealed, 'auth.other')).toThrow();
  });
});

/** A row as issue 25 sealed it: nonce (12) ‖ AES-GCM ‖ tag, bound to the table alone (WebCrypto makes the same bytes). */
async function issue25Seal(value: unknown, label: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new Uint8Array(dataKey()), 'AES-GCM', false, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const body = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(label) },
      key,
      new TextEncoder().encode(JSON.stringify(value)),
    ),
  );
  const out = new Uint8Array(12 + body.length);
  out.set(iv);
  out.set(body, 12);
  return out;
}

describe('the upgrade from issue 25’s AES-GCM', () => {
  it('reads older rows and files until they are sealed again, once; then refuses the old format', async () => {
    const db = freshDb();
    await db.open();
    const { id, chartNumber, pending, version, deleted, ...personal } = customer(A, '旧形式 花子');
    await putRaw(db, 'customers', {
      id,
      chartNumber,
      pending,
      version,
      deleted,
      sealed: await issue25Seal(personal, 'customers'),
    });
    const file = await issue25Seal('unused', 'x'); // only its shape matters for the copy below
    const key = await crypto.subtle.importKey('raw', new Uint8Array(dataKey()), 'AES-GCM', false, ['encrypt']);
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const fileBody = new Uint8Array(
      await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode('mediaFiles.blob') },
        key,
        new TextEncoder().encode('OLD-PHOTO'),
      ),
    );
    void file;
    const sealedFile = new Uint8Array(12 + fileBody.length);
    sealedFile.set(iv);
    sealedFile.set(fileBody, 12);
    await putRaw(db, 'mediaFiles', {
      id: A,
      blob: { sealed: sealedFile, type: 'image/jpeg', size: 9 },
      thumbnail: null,
      sentBytes: 0,
      waiting: 1,
      attempts: 0,
    });
    const oldBlob = (await db.mediaFiles.get(A))!.blob;
    expect((await db.customers.get(A))?.name).toBe('旧形式 花子');
    expect(await (await openFile(oldBlob, 'mediaFiles.blob', A))!.text()).toBe('OLD-PHOTO');

    expect(await sealAllPlainRows(db)).toBe(2);
    expect(await sealAllPlainRows(db)).toBe(0); // once
    markDeviceSealed();
    expect(((await raw(db, 'customers'))[0]!.sealed as Uint8Array)[0]).toBe(2);
    expect((await db.customers.get(A))?.name).toBe('旧形式 花子');
    const file2 = (await db.mediaFiles.get(A))!.blob;
    expect(file2?.v).toBe(2);
    expect(await (await openFile(file2, 'mediaFiles.blob', A))!.text()).toBe('OLD-PHOTO');
    await expect(openFile(oldBlob, 'mediaFiles.blob', A)).rejects.toThrow();

    // An old-format value put back (a replayed copy) does not open any more.
    await putRaw(db, 'customers', {
      id,
      chartNumber,
      pending,
      version,
      deleted,
      sealed: await issue25Seal(personal, 'customers'),
    });
    expect(await db.customers.get(A)).toBeUndefined();
  });
});

describe('meta', () => {
  it('keeps the device credential sealed', async () => {
    const db = freshDb();
    await db.meta.put({ key: 'deviceCredential', value: 'CREDENTIAL-SECRET' });
    expect(JSON.stringify(await raw(db, 'meta'))).not.toContain('CREDENTIAL-SECRET');
    expect((await db.meta.get('deviceCredential'))?.value).toBe('CREDENTIAL-SECRET');
  });
});
