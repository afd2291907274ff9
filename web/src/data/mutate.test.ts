import { describe, expect, it, vi } from 'vitest';
import { onTableChanges } from './table-changes';
import { LocalWriteError, LOCAL_WRITE_MESSAGES } from './local-write-error';
import { mutate, mutateAll } from './mutate';
import { freshDb } from '../test-utils/sync-fixtures';

const ID = '0193a3f0-0000-4000-8000-000000000001';
const opts = { userName: 'staff1' };

describe('mutate', () => {
  it('writes the row and the outbox entry together, numbering mutations 1, 2, 3', async () => {
    const db = freshDb();
    await mutate(db, 'customer.create', { id: ID, name: '山田 花子', phone: '090-1234-5678' }, opts);
    await mutate(
      db,
      'customer.update',
      { id: ID, patch: { phone: '090-9999-0000' }, base: { phone: '090-1234-5678' } },
      opts,
    );
    await mutate(db, 'customer.delete', { id: ID }, opts);

    const outbox = await db.outbox.orderBy('id').toArray();
    expect(outbox.map((m) => [m.id, m.name])).toEqual([
      [1, 'customer.create'],
      [2, 'customer.update'],
      [3, 'customer.delete'],
    ]);
    const row = await db.customers.get(ID);
    expect(row).toMatchObject({
      phone: '090-9999-0000',
      deleted: true,
      pending: 1,
      server: null,
      chartNumber: null,
      gender: 'unset',
      updatedBy: 'staff1',
    });
  });

  it('refuses invalid input with the Japanese message and stores nothing', async () => {
    const db = freshDb();
    await expect(mutate(db, 'customer.create', { id: ID, name: '  ', phone: '090' }, opts)).rejects.toThrow(
      '顧客名を入力してください',
    );
    await expect(mutate(db, 'customer.create', { id: ID, name: '佐藤', phone: '' }, opts)).rejects.toThrow(
      '電話番号を入力してください',
    );
    expect(await db.outbox.count()).toBe(0);
    expect(await db.customers.count()).toBe(0);
  });

  it('loses nothing when the disk is full: neither row nor outbox entry is written', async () => {
    const db = freshDb();
    const quota = Object.assign(new Error('quota'), { name: 'QuotaExceededError' });
    const spy = vi.spyOn(db.outbox, 'add').mockRejectedValueOnce(quota);
    const error = await mutate(db, 'customer.create', { id: ID, name: '山田', phone: '03-1234-5678' }, opts).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(LocalWriteError);
    expect((error as LocalWriteError).message).toBe(LOCAL_WRITE_MESSAGES.storageFull);
    expect(await db.customers.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    spy.mockRestore();
    // The same input saves once there is room again.
    await mutate(db, 'customer.create', { id: ID, name: '山田', phone: '03-1234-5678' }, opts);
    expect(await db.outbox.count()).toBe(1);
  });

  it('leaves readers to Dexie: its change tracking names the row and the outbox entry, once the write commits', async () => {
    const db = freshDb();
    const seen: Array<[string, unknown]> = [];
    const stop = onTableChanges(db, (changes) => seen.push(...changes));
    await mutate(db, 'customer.create', { id: ID, name: '山田', phone: '03-1234-5678' }, opts);
    stop();
    expect(seen).toContainEqual(['customers', [ID]]);
    expect(seen).toContainEqual(['outbox', [1]]);
  });
});

describe('mutateAll', () => {
  const DIAG = '0193a3f0-0000-4000-8000-0000000000d1';
  const CUST = '0193a3f0-0000-4000-8000-0000000000c1';
  const marker = (n: number, painLevel: number) => ({
    name: 'painMarker.create' as const,
    args: {
      id: `0193a3f0-0000-4000-8000-00000000000${n}`,
      diagnosisId: DIAG,
      number: n,
      view: 'front' as const,
      x: 50,
      y: 20,
      bodyPart: '前面 (50.0%, 20.0%)',
      painLevel,
    },
  });
  const diagnosis = { name: 'diagnosis.create' as const, args: { id: DIAG, customerId: CUST, date: '2026-11-23' } };

  it('stores a record and its markers together, queued in order', async () => {
    const db = freshDb();
    await mutateAll(db, [diagnosis, marker(1, 5), marker(2, 8)], opts);
    expect((await db.outbox.orderBy('id').toArray()).map((m) => [m.id, m.name])).toEqual([
      [1, 'diagnosis.create'],
      [2, 'painMarker.create'],
      [3, 'painMarker.create'],
    ]);
    expect(await db.painMarkers.where('diagnosisId').equals(DIAG).count()).toBe(2);
  });

  it('stores nothing when one of the changes is invalid', async () => {
    const db = freshDb();
    await expect(mutateAll(db, [diagnosis, marker(1, 5), marker(2, 11)], opts)).rejects.toThrow(
      '痛みの強さは1から10の整数で指定してください',
    );
    expect(await db.outbox.count()).toBe(0);
    expect(await db.diagnoses.count()).toBe(0);
  });

  it('stores nothing when the disk fills half-way', async () => {
    const db = freshDb();
    const quota = Object.assign(new Error('quota'), { name: 'QuotaExceededError' });
    const spy = vi.spyOn(db.painMarkers, 'put').mockRejectedValueOnce(quota);
    await expect(mutateAll(db, [diagnosis, marker(1, 5), marker(2, 8)], opts)).rejects.toThrow(
      LOCAL_WRITE_MESSAGES.storageFull,
    );
    spy.mockRestore();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.diagnoses.count()).toBe(0);
    expect(await db.painMarkers.count()).toBe(0);
  });
});
