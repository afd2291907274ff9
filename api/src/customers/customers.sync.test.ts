import { afterEach, expect, it, vi } from 'vitest';
import { makeCreate, makeDelete, makeUpdate, pull, pushOk, tokenOf } from '../sync/sync-test-helpers';
import { customerCalls } from './customers-test-support';
import { call, describeEachDatabase } from '../test/harness';

// Customers written by REST and by sync, read by the other (customers.routes.test.ts holds REST alone).
const hanako = { name: '山田 花子', nameKana: 'ヤマダ ハナコ', phone: '090-1234-5678' };

describeEachDatabase('customers REST with sync', (getCtx) => {
  const { adminToken, actionsOn, create } = customerCalls(getCtx, hanako);

  afterEach(() => {
    vi.useRealTimers();
  });

  it('stores a pushed フリガナ typed in half width or in hiragana as full-width katakana, as the form does', async () => {
    const { app, db, staff } = getCtx();
    const staffToken = await tokenOf(app, staff);
    const clientId = crypto.randomUUID();
    const id = crypto.randomUUID();
    const kanaOf = async () =>
      (await db.selectFrom('customers').select('name_kana').where('id', '=', id).executeTakeFirstOrThrow()).name_kana;
    await pushOk(app, staffToken, clientId, [makeCreate(1, { id, nameKana: 'ｽｽﾞｷ ﾀﾛｳ' })]);
    expect(await kanaOf()).toBe('スズキ タロウ');
    await pushOk(app, staffToken, clientId, [
      makeUpdate(2, id, { nameKana: 'すずき じろう' }, { nameKana: 'スズキ タロウ' }),
    ]);
    expect(await kanaOf()).toBe('スズキ ジロウ');
  });

  it('takes chart numbers from one increasing sequence that never reuses a number', async () => {
    const { app, staff } = getCtx();
    const token = await adminToken();
    const staffToken = await tokenOf(app, staff);
    const clientId = crypto.randomUUID();
    const [s1, s2] = [crypto.randomUUID(), crypto.randomUUID()];
    const chartOf = async (id: string) =>
      Number(
        (
          await getCtx()
            .db.selectFrom('customers')
            .select('chart_number')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).chart_number,
      );

    expect((await create(token)).chartNumber).toBe(1);
    await pushOk(app, staffToken, clientId, [makeCreate(1, { id: s1 })]);
    expect(await chartOf(s1)).toBe(2);
    const third = await create(staffToken);
    expect(third.chartNumber).toBe(3);
    await call(app, 'DELETE', `/api/customers/${third.id}`, { token });
    await pushOk(app, staffToken, clientId, [makeCreate(2, { id: s2 }), makeDelete(3, s2)]);
    expect(await chartOf(s2)).toBe(4);
    expect((await create(token)).chartNumber).toBe(5);
  });

  it('shows REST changes in a pull and sync changes over REST', async () => {
    const { app, staff } = getCtx();
    const token = await adminToken();
    const staffToken = await tokenOf(app, staff);
    const clientId = crypto.randomUUID();
    const synced = crypto.randomUUID();
    await pushOk(app, staffToken, clientId, [makeCreate(1, { id: synced, name: '同期 太郎' })]);
    const { cookie } = await pull(app, staffToken, clientId, 0);

    const viaRest = await call(app, 'GET', `/api/customers/${synced}`, { token });
    expect(viaRest.body.data).toMatchObject({ id: synced, name: '同期 太郎', chartNumber: 1, updatedBy: 'staff1' });
    expect(
      (await call(app, 'GET', '/api/customers?search=同期', { token })).body.data.map((c: { id: string }) => c.id),
    ).toEqual([synced]);

    const created = await create(token);
    await call(app, 'PUT', `/api/customers/${synced}`, { token, body: { address: '大阪府' } });
    await call(app, 'DELETE', `/api/customers/${created.id}`, { token });

    const later = await pull(app, staffToken, clientId, cookie);
    expect(later.changes.customers.map((c) => [c.id, c.address, c.deleted])).toEqual([
      [synced, '大阪府', false],
      [created.id, '', true],
    ]);
    for (const c of later.changes.customers) expect(c.version).toBeGreaterThan(cookie);
    // Copied to the device by its pull (the device's sync, not a read), read by GET and by the search, each naming it.
    expect(await actionsOn(synced)).toEqual([
      'customer.create',
      'sync.pull',
      'customer.read',
      'customer.read',
      'customer.update',
    ]);
  });
});
