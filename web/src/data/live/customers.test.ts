import { afterEach, describe, expect, it, vi } from 'vitest';
import { mutate } from '../mutate';
import { freshDb, pullOf, serverCustomer } from '../../test-utils/sync-fixtures';
import { Dexie } from 'dexie';
import { ClinicDb } from '../clinic-db';
import { applyPull } from '../../sync/apply-pull';
import { RELOAD_PAGE } from '../live-table';
import { countCustomers, createCustomerCache, type CustomerCache } from './customers';

const id = (n: number) => `0193a3f0-0000-4000-8000-${String(n).padStart(12, '0')}`;
const opts = { userName: 'staff1' };
let cache: CustomerCache | null = null;

afterEach(() => cache?.dispose());

async function started(db = freshDb()) {
  // Opened first: creating the database tells readers that every table changed, a reload these tests do not count.
  await db.open();
  cache = createCustomerCache(db);
  const onChange = vi.fn();
  cache.subscribe(onChange);
  await cache.settled();
  return { db, cache, onChange };
}

const names = (c: CustomerCache) => c.getSnapshot().entries.map((e) => e.customer.name);

describe('customer cache', () => {
  it('loads live customers once, hides deleted ones and sorts unsynced first, then カルテ番号 descending', async () => {
    const db = freshDb();
    await db.customers.bulkPut([
      { ...serverCustomer({ id: id(1), name: 'A', chartNumber: 1 }), pending: 0 },
      { ...serverCustomer({ id: id(2), name: 'B', chartNumber: 7 }), pending: 0 },
      {
        ...serverCustomer({ id: id(3), name: 'C', chartNumber: null, createdAt: '2026-11-22T01:00:00.000Z' }),
        pending: 1,
      },
      {
        ...serverCustomer({ id: id(4), name: 'D', chartNumber: null, createdAt: '2026-11-22T02:00:00.000Z' }),
        pending: 1,
      },
      { ...serverCustomer({ id: id(5), name: 'E', chartNumber: 3, deleted: true }), pending: 1 },
    ]);
    const { cache } = await started(db);
    expect(cache.getSnapshot().loaded).toBe(true);
    expect(names(cache)).toEqual(['D', 'C', 'B', 'A']);
    expect(cache.getSnapshot().entries[0]!.searchKey).toContain('やまだはなこ');
  });

  it('reads a table larger than a page a page at a time, every row once, the deleted left out', async () => {
    const db = freshDb();
    const total = RELOAD_PAGE * 2 + 1;
    await db.customers.bulkPut(
      Array.from({ length: total }, (_, i) => ({
        ...serverCustomer({ id: id(10_000 + i), name: `顧客${i}`, chartNumber: i + 1, deleted: i % 500 === 0 }),
        pending: 0,
      })),
    );
    const read = vi.spyOn(db.customers, 'where');
    const { cache } = await started(db);
    const entries = cache.getSnapshot().entries;
    expect(entries).toHaveLength(total - Math.ceil(total / 500));
    expect(new Set(entries.map((e) => e.customer.id)).size).toBe(entries.length);
    // The highest カルテ番号, 2001, is a deleted one.
    expect(entries[0]!.customer.chartNumber).toBe(total - 1);
    // Two pages after the first, each from the last key read.
    expect(read.mock.calls.filter(([index]) => typeof index === 'string' && index === ':id')).toHaveLength(2);
  });

  it('first shows the top of the list, read through the indexes, then every customer', async () => {
    const db = freshDb();
    await db.customers.bulkPut([
      ...Array.from({ length: 200 }, (_, i) => ({
        ...serverCustomer({ id: id(100 + i), name: `N${i + 1}`, chartNumber: i + 1 }),
        pending: 0 as const,
      })),
      { ...serverCustomer({ id: id(1), name: '未同期', chartNumber: null }), pending: 1 as const },
      { ...serverCustomer({ id: id(2), name: '削除済み', chartNumber: 500, deleted: true }), pending: 0 as const },
    ]);
    cache = createCustomerCache(db);
    const seen: Array<{ loaded: boolean; entries: number; preview: string[] | undefined }> = [];
    cache.subscribe(() => {
      const snapshot = cache!.getSnapshot();
      seen.push({
        loaded: snapshot.loaded,
        entries: snapshot.entries.length,
        preview: snapshot.preview?.slice(0, 3).map((e) => e.customer.name),
      });
    });
    await cache.settled();
    expect(seen[0]).toEqual({ loaded: false, entries: 0, preview: ['未同期', 'N200', 'N199'] });
    expect(cache.getSnapshot().preview).toBeUndefined();
    expect(seen.at(-1)).toEqual({ loaded: true, entries: 201, preview: undefined });
    expect(names(cache).slice(0, 3)).toEqual(['未同期', 'N200', 'N199']);
  });

  it('keeps the order of a full sort through saves, edits and deletes, each put in its place', async () => {
    const db = freshDb();
    await db.customers.bulkPut(
      Array.from({ length: 30 }, (_, i) => ({
        ...serverCustomer({ id: id(200 + i), name: `既存${i}`, chartNumber: 3 * i + 1 }),
        pending: 0 as const,
      })),
    );
    const { cache } = await started(db);
    for (let i = 0; i < 5; i++) {
      await mutate(db, 'customer.create', { id: id(300 + i), name: `新規${i}`, phone: '090-1234-5678' }, opts);
    }
    // Another device's edits arrive as server rows: a カルテ番号 between two others, a deletion.
    await applyPull(
      db,
      pullOf({
        changes: {
          customers: [
            serverCustomer({ id: id(210), name: '既存10', chartNumber: 45 }),
            serverCustomer({ id: id(220), name: '既存20', chartNumber: 61, deleted: true }),
          ],
        },
      }),
      null,
    );
    await mutate(db, 'customer.delete', { id: id(302) }, opts);
    await cache.settled();
    const whole = createCustomerCache(db);
    whole.subscribe(() => undefined);
    await whole.settled();
    expect(names(cache)).toEqual(names(whole));
    expect(names(cache).slice(0, 5)).toEqual(['新規4', '新規3', '新規1', '新規0', '既存29']);
    expect(names(cache)).not.toContain('既存20');
    whole.dispose();
  });

  it('applies a local save by reading back just the saved row, never the whole table', async () => {
    const { db, cache, onChange } = await started();
    const toArray = vi.spyOn(db.customers, 'toArray');
    const bulkGet = vi.spyOn(db.customers, 'bulkGet');

    await mutate(db, 'customer.create', { id: id(1), name: '山田 花子', phone: '090-1234-5678' }, opts);
    await cache.settled();
    expect(names(cache)).toEqual(['山田 花子']);
    expect(cache.getSnapshot().entries[0]!.customer.pending).toBe(1);

    await mutate(db, 'customer.update', { id: id(1), patch: { name: '山田 春子' }, base: { name: '山田 花子' } }, opts);
    await cache.settled();
    expect(names(cache)).toEqual(['山田 春子']);
    expect(cache.getSnapshot().entries[0]!.searchKey).toContain('山田春子');

    await mutate(db, 'customer.delete', { id: id(1) }, opts);
    await cache.settled();
    expect(names(cache)).toEqual([]);

    expect(toArray).not.toHaveBeenCalled();
    expect(bulkGet.mock.calls.map((c) => c[0])).toEqual([[id(1)], [id(1)], [id(1)]]);
    expect(onChange).toHaveBeenCalledTimes(5); // the first rows, then all of them, + three changes
  });

  it('follows any writer, not only the sync layer: the rows a write names are re-read', async () => {
    const { db, cache } = await started();
    const toArray = vi.spyOn(db.customers, 'toArray');
    const bulkGet = vi.spyOn(db.customers, 'bulkGet');
    await db.customers.bulkPut([
      { ...serverCustomer({ id: id(1), name: '一番', chartNumber: 1 }), pending: 0 },
      { ...serverCustomer({ id: id(2), name: '二番', chartNumber: 2 }), pending: 0 },
    ]);
    await cache.settled();
    expect(names(cache)).toEqual(['二番', '一番']);
    expect(bulkGet.mock.calls.map((c) => c[0])).toEqual([[id(1), id(2)]]);
    expect(toArray).not.toHaveBeenCalled();
  });

  it('hears a write committed in another tab, whose notice Dexie passes on as plain objects', async () => {
    const { db, cache } = await started();
    // Written behind this tab's Dexie, as another tab's would be.
    await new Promise<void>((resolve, reject) => {
      const tx = db.backendDB().transaction('customers', 'readwrite');
      tx.objectStore('customers').put({ ...serverCustomer({ id: id(3), name: '別タブ' }), pending: 0 });
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('write failed'));
    });
    await cache.settled();
    expect(names(cache)).toEqual([]); // nothing told this tab yet
    // Another tab's Dexie broadcasts what its commit changed; it arrives structured-cloned, a tree without RangeSet's methods.
    Dexie.on('storagemutated').fire(
      structuredClone({ [`idb://${db.name}/customers/`]: { from: id(3), to: id(3), d: 1 } }),
    );
    await cache.settled();
    expect(names(cache)).toEqual(['別タブ']);
  });

  it('reads the whole table once for writes Dexie names as a range: a pull page, a clear', async () => {
    const { db, cache } = await started();
    const toArray = vi.spyOn(db.customers, 'toArray');
    // 60 rows in one write: Dexie names a range, not 60 keys.
    await applyPull(
      db,
      pullOf({
        changes: {
          customers: Array.from({ length: 60 }, (_, i) =>
            serverCustomer({ id: id(100 + i), name: `N${i}`, chartNumber: i + 1 }),
          ),
        },
      }),
      null,
    );
    await applyPull(
      db,
      pullOf({ cookie: 2, changes: { customers: [serverCustomer({ id: id(1), name: '追加', chartNumber: 100 })] } }),
      null,
    );
    await cache.settled();
    expect(cache.getSnapshot().entries).toHaveLength(61);
    expect(names(cache)[0]).toBe('追加');
    expect(toArray.mock.calls.length).toBeLessThanOrEqual(2);
    await db.customers.clear();
    await cache.settled();
    expect(names(cache)).toEqual([]);
  });

  it('keeps the snapshot object through writes to other tables and replaces it on a change (for useSyncExternalStore)', async () => {
    const { db, cache, onChange } = await started();
    const before = cache.getSnapshot();
    await db.meta.put({ key: 'cookie', value: 3 });
    await db.rejections.clear();
    await cache.settled();
    expect(cache.getSnapshot()).toBe(before);
    expect(onChange).toHaveBeenCalledTimes(2); // the first load only (its first rows, then all)

    await mutate(db, 'customer.create', { id: id(1), name: '山田 花子', phone: '090-1234-5678' }, opts);
    await cache.settled();
    expect(cache.getSnapshot()).not.toBe(before);
    expect(before.entries).toEqual([]); // an old snapshot is never changed in place
  });
});

describe('counting live customers', () => {
  it("goes through the indexes: tombstones from a pull, this device's deletes and their confirmation are left out", async () => {
    const db = freshDb();
    await applyPull(
      db,
      pullOf({
        changes: {
          customers: [
            serverCustomer({ id: id(1) }),
            serverCustomer({ id: id(2), chartNumber: 2 }),
            serverCustomer({ id: id(3), chartNumber: 3, deleted: true }),
          ],
        },
      }),
      null,
    );
    expect(await countCustomers(db)).toBe(2);
    await mutate(db, 'customer.delete', { id: id(1) }, opts);
    expect(await countCustomers(db)).toBe(1);
    await applyPull(
      db,
      pullOf({
        cookie: 2,
        lastMutationId: 1,
        changes: { customers: [serverCustomer({ id: id(1), deleted: true, version: 2 })] },
      }),
      null,
    );
    expect(await countCustomers(db)).toBe(1);
    expect(await db.customers.get(id(1))).toMatchObject({ deleted: true, gone: 1, pending: 0 });
    await mutate(db, 'customer.create', { id: id(4), name: '新規', phone: '03-0000-0000' }, opts);
    expect(await countCustomers(db)).toBe(2);
    expect(await db.customers.get(id(4))).not.toHaveProperty('gone');
  });

  it('marks the tombstones a device kept before the count had its index', async () => {
    const name = `gone-upgrade-${Math.random().toString(36).slice(2)}`;
    const old = new Dexie(name);
    old.version(3).stores({
      customers: 'id, pending, chartNumber',
      outbox: 'id',
      rejections: 'mutationId',
      conflicts: 'id, recordId',
      meta: 'key',
    });
    await old.table('customers').bulkPut([
      { ...serverCustomer({ id: id(1) }), pending: 0 },
      { ...serverCustomer({ id: id(2), deleted: true }), pending: 0 },
    ]);
    old.close();
    const db = new ClinicDb(name);
    expect(await countCustomers(db)).toBe(1);
    db.close();
  });
});
