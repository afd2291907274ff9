import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noteScreenData } from '../data/first-screen';
import { freshDb, serverCustomer } from '../test-utils/sync-fixtures';
import { clearDataKey, dataKey, setDataKey } from '../vault/data-key';
import { sealAllPlainRows } from '../vault/seal-existing';
import { SEALED_MARK, deviceSealed, useSealMarks } from '../vault/seal-mode';
import { sealLegacyRowsOnce } from './seal-legacy';

const memoryStorage = () => {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
};

describe('sealing what an older version left in clear', () => {
  const key = new Uint8Array(dataKey()); // the test setup's key
  let marks = memoryStorage();
  beforeEach(() => useSealMarks((marks = memoryStorage())));
  afterEach(() => {
    setDataKey(new Uint8Array(key));
    useSealMarks(null);
  });

  it('waits for the key, seals a plain row once, and then marks the device sealed', async () => {
    noteScreenData();
    const db = freshDb();
    await db.open();
    const plain = { ...serverCustomer({ id: '22222222-2222-4222-8222-222222222222', name: '古い 保存' }), pending: 0 };
    await new Promise<void>((resolve, reject) => {
      const tx = db.backendDB().transaction('customers', 'readwrite');
      tx.objectStore('customers').put(plain);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('put failed'));
    });
    const sealAll = vi.fn(() => sealAllPlainRows(db));
    clearDataKey();
    const stop = sealLegacyRowsOnce({ sealAll });
    expect(sealAll).not.toHaveBeenCalled(); // locked: nothing can be sealed

    setDataKey(new Uint8Array(key));
    await vi.waitFor(() => expect(marks.getItem(SEALED_MARK)).toBe('1'));
    expect(deviceSealed()).toBe(true);
    const stored = await new Promise<Record<string, unknown>>((resolve) => {
      const get = db.backendDB().transaction('customers').objectStore('customers').get(plain.id);
      get.onsuccess = () => resolve(get.result as Record<string, unknown>);
    });
    expect(stored).not.toHaveProperty('name');
    expect(JSON.stringify(stored)).not.toContain('古い');
    expect((await db.customers.get(plain.id))?.name).toBe('古い 保存');

    // Done once: a later unlock does not read every store again.
    clearDataKey();
    setDataKey(new Uint8Array(key));
    expect(sealAll).toHaveBeenCalledTimes(1);
    stop();
  });
});
