import { describe, expect, it } from 'vitest';
import { applyPull } from './apply-pull';
import { mutate } from '../data/mutate';
import { freshDb, pullOf, serverCustomer, serverVisit } from '../test-utils/sync-fixtures';

const A = '0193a3f0-0000-4000-8000-00000000000a';
const B = '0193a3f0-0000-4000-8000-00000000000b';
const C = '0193a3f0-0000-4000-8000-00000000000c';
const opts = { userName: 'staff1' };

describe('applyPull', () => {
  it('writes server rows, removes tombstones and stores the cookie', async () => {
    const db = freshDb();
    await applyPull(
      db,
      pullOf({
        cookie: 5,
        changes: { visits: [serverVisit({ id: A, customerId: C }), serverVisit({ id: B, customerId: C })] },
      }),
      null,
    );
    expect(await db.visits.count()).toBe(2);
    await applyPull(
      db,
      pullOf({ cookie: 6, changes: { visits: [serverVisit({ id: B, customerId: C, deleted: true, version: 6 })] } }),
      null,
    );
    expect(await db.visits.get(B)).toBeUndefined();
    expect((await db.meta.get('cookie'))?.value).toBe(6);
  });

  it("keeps a deleted customer's tombstone, so their visits can still name them", async () => {
    const db = freshDb();
    await applyPull(
      db,
      pullOf({
        cookie: 5,
        changes: { customers: [serverCustomer({ id: A }), serverCustomer({ id: B, chartNumber: 2 })] },
      }),
      null,
    );
    await applyPull(
      db,
      pullOf({ cookie: 6, changes: { customers: [serverCustomer({ id: B, deleted: true, version: 6 })] } }),
      null,
    );
    expect(await db.customers.get(B)).toMatchObject({ deleted: true, pending: 0, name: '山田 花子' });
  });

  it('keeps a pending edit visible on top of newer server data (rebase)', async () => {
    const db = freshDb();
    await applyPull(db, pullOf({ changes: { customers: [serverCustomer({ id: A, phone: '03-0000-0000' })] } }), null);
    await mutate(
      db,
      'customer.update',
      { id: A, patch: { phone: '03-1111-1111' }, base: { phone: '03-0000-0000' } },
      opts,
    );
    // Someone else changed the address meanwhile; our phone edit is not yet applied by the server.
    await applyPull(
      db,
      pullOf({
        cookie: 2,
        changes: { customers: [serverCustomer({ id: A, phone: '03-0000-0000', address: '東京都', version: 2 })] },
      }),
      null,
    );
    const row = await db.customers.get(A);
    expect(row).toMatchObject({ phone: '03-1111-1111', address: '東京都', pending: 1 });
    expect(row?.server).toMatchObject({ phone: '03-0000-0000', address: '東京都' });
  });

  it('drops acknowledged mutations and clears the 未同期 mark', async () => {
    const db = freshDb();
    await mutate(db, 'customer.create', { id: A, name: '山田', phone: '03-1234-5678' }, opts);
    await applyPull(
      db,
      pullOf({
        cookie: 3,
        lastMutationId: 1,
        changes: {
          customers: [serverCustomer({ id: A, name: '山田', phone: '03-1234-5678', chartNumber: 7, version: 3 })],
        },
      }),
      null,
    );
    expect(await db.outbox.count()).toBe(0);
    expect(await db.customers.get(A)).toMatchObject({ pending: 0, chartNumber: 7 });
  });

  it('undoes a rejected change locally and stores the rejection', async () => {
    const db = freshDb();
    await applyPull(db, pullOf({ changes: { customers: [serverCustomer({ id: A, name: '元の名前' })] } }), null);
    await mutate(db, 'customer.update', { id: A, patch: { name: '新しい名前' }, base: { name: '元の名前' } }, opts);
    await applyPull(
      db,
      pullOf({
        cookie: 4,
        lastMutationId: 1,
        rejections: [
          {
            mutationId: 1,
            name: 'customer.update',
            args: {},
            reason: 'この記録は他の端末で削除されています',
            at: '2026-11-22T00:00:00.000Z',
          },
        ],
      }),
      null,
    );
    expect(await db.customers.get(A)).toMatchObject({ name: '元の名前', pending: 0 });
    expect(await db.rejections.count()).toBe(1);
  });

  it('removes a pending row whose record was deleted on the server, keeping later creates', async () => {
    const db = freshDb();
    await applyPull(db, pullOf({ changes: { customers: [serverCustomer({ id: A })] } }), null);
    await mutate(db, 'customer.update', { id: A, patch: { name: '変更' }, base: {} }, opts);
    await mutate(db, 'customer.create', { id: B, name: '新規', phone: '03-2222-2222' }, opts);
    await applyPull(
      db,
      pullOf({ cookie: 9, changes: { customers: [serverCustomer({ id: A, deleted: true, version: 9 })] } }),
      null,
    );
    // The tombstone stays (visits name it); the edit has nothing left to show and the server will refuse it visibly.
    expect(await db.customers.get(A)).toMatchObject({ deleted: true, pending: 0, name: '山田 花子' });
    expect(await db.customers.get(B)).toMatchObject({ name: '新規', pending: 1, server: null });
    expect(await db.outbox.count()).toBe(2);
  });
});
