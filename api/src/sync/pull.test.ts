import { type PullResponse, pullResponseSchema } from '@clinic/sync-protocol';
import { expect, it } from 'vitest';
import { listAudit } from '../audit/audit.repository';
import { describeEachDatabase } from '../test/harness';
import { pull as pullService } from './pull.service';
import { makeCreate, makeDelete, makeUpdate, pull, pushOk, tokenOf } from './sync-test-helpers';

describeEachDatabase('sync pull', (getCtx) => {
  const adminToken = () => tokenOf(getCtx().app, getCtx().admin);
  const adminCaller = () => ({ user: { id: getCtx().admin.id, username: getCtx().admin.username }, ip: null });

  it('sends every row to an empty device, then only what changed after its cookie', async () => {
    const { app } = getCtx();
    const token = await adminToken();
    const clientId = crypto.randomUUID();
    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await pushOk(
      app,
      token,
      clientId,
      ids.map((id, i) => makeCreate(i + 1, { id, name: `顧客${i + 1}` })),
    );

    const first = await pull(app, token, clientId, 0);
    expect(first.hasMore).toBe(false);
    expect(first.changes.customers.map((c) => [c.id, c.chartNumber, c.deleted])).toEqual([
      [ids[0], 1, false],
      [ids[1], 2, false],
      [ids[2], 3, false],
    ]);
    expect(first.cookie).toBe(Math.max(...first.changes.customers.map((c) => c.version)));

    const nothing = await pull(app, token, clientId, first.cookie);
    expect(nothing.changes.customers).toEqual([]);
    expect(nothing.cookie).toBe(first.cookie);

    await pushOk(app, token, clientId, [
      makeUpdate(4, ids[0]!, { name: '変更後' }, { name: '顧客1' }),
      makeDelete(5, ids[1]!),
    ]);
    const later = await pull(app, token, clientId, first.cookie);
    expect(later.changes.customers.map((c) => [c.id, c.name, c.deleted])).toEqual([
      [ids[0], '変更後', false],
      [ids[1], '顧客2', true],
    ]);
    for (const c of later.changes.customers) expect(c.version).toBeGreaterThan(first.cookie);
    expect(later.cookie).toBeGreaterThan(first.cookie);

    // Another, empty device gets everything, the tombstone included.
    const other = await pull(app, token, crypto.randomUUID(), 0);
    expect(other.changes.customers.map((c) => [c.id, c.deleted])).toEqual([
      [ids[2], false],
      [ids[0], false],
      [ids[1], true],
    ]);
    expect(other.lastMutationId).toBe(0);
  });

  it('reports lastMutationId per client', async () => {
    const { app } = getCtx();
    const token = await adminToken();
    const [one, two] = [crypto.randomUUID(), crypto.randomUUID()];
    await pushOk(
      app,
      token,
      one,
      [1, 2, 3].map((n) => makeCreate(n, { id: crypto.randomUUID() })),
    );
    await pushOk(app, token, two, [makeCreate(1, { id: crypto.randomUUID() })]);
    expect((await pull(app, token, one)).lastMutationId).toBe(3);
    expect((await pull(app, token, two)).lastMutationId).toBe(1);
    expect((await pull(app, token, crypto.randomUUID())).lastMutationId).toBe(0);
  });

  it('sends rejections only to their client, once, and conflicts to everybody', async () => {
    const { app, staff } = getCtx();
    const adminT = await adminToken();
    const staffT = await tokenOf(app, staff);
    const [adminClient, staffClient] = [crypto.randomUUID(), crypto.randomUUID()];
    const id = crypto.randomUUID();
    await pushOk(app, adminT, adminClient, [
      makeCreate(1, { id, phone: '03-0000-0000' }),
      makeCreate(2, { id: crypto.randomUUID(), name: '' }),
    ]);
    const staffStart = (await pull(app, staffT, staffClient)).cookie;
    // Both edit the phone from the same old value: the later one overwrites and a conflict is logged.
    await pushOk(app, adminT, adminClient, [makeUpdate(3, id, { phone: '03-1111-1111' }, { phone: '03-0000-0000' })]);
    await pushOk(app, staffT, staffClient, [makeUpdate(1, id, { phone: '03-2222-2222' }, { phone: '03-0000-0000' })]);

    const forAdmin = await pull(app, adminT, adminClient, 0);
    expect(forAdmin.rejections.map((r) => [r.mutationId, r.reason])).toEqual([[2, '顧客名を入力してください']]);
    expect(forAdmin.conflicts.map((c) => [c.recordId, c.field])).toEqual([[id, 'phone']]);

    const forStaff = await pull(app, staffT, staffClient, 0);
    expect(forStaff.rejections).toEqual([]);
    expect(forStaff.conflicts.map((c) => [c.recordId, c.field])).toEqual([[id, 'phone']]);
    // Past the cookie the rejection is not sent again; the conflict came after the staff's cookie.
    expect((await pull(app, adminT, adminClient, forAdmin.cookie)).rejections).toEqual([]);
    expect((await pull(app, staffT, staffClient, staffStart)).conflicts).toHaveLength(1);
    expect((await pull(app, staffT, staffClient, forStaff.cookie)).conflicts).toEqual([]);
  });

  it('pages a large first sync so that the cookies return every change exactly once', async () => {
    const { app, db } = getCtx();
    const token = await adminToken();
    const clientId = crypto.randomUUID();
    const ids = Array.from({ length: 10 }, () => crypto.randomUUID());
    await pushOk(app, token, clientId, [
      ...ids.slice(0, 5).map((id, i) => makeCreate(i + 1, { id })),
      makeUpdate(6, ids[0]!, { age: 30 }, { age: null }),
      makeUpdate(7, ids[0]!, { age: 31 }, { age: null }), // conflict: 30 is overwritten
      makeCreate(8, { id: crypto.randomUUID(), phone: '' }), // rejection
      ...ids.slice(5).map((id, i) => makeCreate(i + 9, { id })),
    ]);

    const pages: PullResponse[] = [];
    let cookie = 0;
    do {
      const page = pullResponseSchema.parse(
        await pullService(db, adminCaller(), { protocolVersion: 1, clientId, cookie }, 3),
      );
      expect(page.cookie).toBeGreaterThan(cookie);
      cookie = page.cookie;
      pages.push(page);
    } while (pages.at(-1)!.hasMore && pages.length < 20);

    expect(pages.map((p) => p.changes.customers.length)).toEqual([3, 3, 3, 1]);
    expect(pages.map((p) => p.hasMore)).toEqual([true, true, true, false]);
    const sent = pages.flatMap((p) => p.changes.customers);
    expect(sent.map((c) => c.id).sort()).toEqual([...ids].sort());
    expect(sent.find((c) => c.id === ids[0])!.age).toBe(31);
    expect(pages.flatMap((p) => p.conflicts).map((c) => [c.overwritten, c.value])).toEqual([[30, 31]]);
    expect(pages.flatMap((p) => p.rejections).map((r) => r.mutationId)).toEqual([8]);
    expect(pages.every((p) => p.lastMutationId === 13)).toBe(true);
    expect(cookie).toBe((await pull(app, token, clientId)).cookie);
  });

  it('sends a version that touched more rows than a page holds in one page', async () => {
    const { app, db } = getCtx();
    const token = await adminToken();
    const clientId = crypto.randomUUID();
    const ids = Array.from({ length: 6 }, () => crypto.randomUUID());
    await pushOk(
      app,
      token,
      clientId,
      ids.map((id, i) => makeCreate(i + 1, { id })),
    );
    const versions = (await db.selectFrom('customers').select('version').orderBy('version').execute()).map((r) =>
      Number(r.version),
    );
    // As if one mutation had written the first four rows.
    await db.updateTable('customers').set({ version: versions[3]! }).where('id', 'in', ids.slice(0, 4)).execute();

    const page = (cookie: number) => pullService(db, adminCaller(), { protocolVersion: 1, clientId, cookie }, 3);
    const first = await page(0);
    expect(first.changes.customers.map((c) => c.id).sort()).toEqual(ids.slice(0, 4).sort());
    expect(first).toMatchObject({ cookie: versions[3], hasMore: true });
    const second = await page(first.cookie);
    expect(second.changes.customers.map((c) => c.id)).toEqual(ids.slice(4));
    expect(second.hasMore).toBe(false);
  });

  it('records in the audit log which customers a pull sent, as the device’s sync and never as a read, and nothing for an empty pull', async () => {
    const { app, db, admin } = getCtx();
    const token = await adminToken();
    const clientId = crypto.randomUUID();
    const ids = [crypto.randomUUID(), crypto.randomUUID()];
    await pushOk(
      app,
      token,
      clientId,
      ids.map((id, i) => makeCreate(i + 1, { id })),
    );
    const { cookie } = await pull(app, token, clientId, 0);
    await pull(app, token, clientId, cookie);

    // The device copied the rows on its own (every 30 s, under the lock too): no person read them.
    expect(await listAudit(db, { action: 'customer.read' })).toEqual([]);
    const synced = await listAudit(db, { action: 'sync.pull' });
    expect(synced).toHaveLength(1);
    // The person is kept only as whom the device synced for; the row names the device.
    expect(synced[0]).toMatchObject({ user_id: admin.id, username: 'admin', entity: 'customer', client_id: clientId });
    expect(JSON.parse(synced[0]!.detail!)).toEqual({ via: 'sync.pull', ids });
  });
});
