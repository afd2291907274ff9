import { TEXT_MESSAGES, VISIT_MESSAGES } from '@clinic/sync-protocol';
import { afterEach, expect, it, vi } from 'vitest';
import { listAudit } from '../audit/audit.repository';
import { REJECTION_MESSAGES } from '../sync/mutator-context';
import { tokenOf } from '../sync/sync-test-helpers';
import { MINUTE, advance, call, describeEachDatabase, failure, useFakeDate } from '../test/harness';
import { CUSTOMER_NOT_FOUND, VISIT_NOT_FOUND, type VisitAnswer, invalid, visitsHelpers } from './visits-test-support';

describeEachDatabase('visits REST', (getCtx) => {
  const { adminToken, count, actionsOn, customer, visit } = visitsHelpers(getCtx);

  afterEach(() => {
    vi.useRealTimers();
  });

  it('creates a visit with 201 in the spec’s names, the customer’s name joined, and an audit entry', async () => {
    const { app, admin } = getCtx();
    useFakeDate('2026-11-22T09:00:00.000Z');
    const token = await adminToken();
    const customerId = await customer(token);
    const id = crypto.randomUUID();
    const body = {
      id,
      customer_id: customerId,
      date: '２０２６-１１-２２',
      service_menu: ' 鍼灸 ',
      price: '３，０００',
      staff_name: '佐藤',
      notes: '肩こり',
    };
    const res = await call(app, 'POST', '/api/visits', { token, body });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id,
      customer_id: customerId,
      customer_name: '山田 花子',
      customer_deleted: false,
      date: '2026-11-22',
      service_menu: '鍼灸',
      price: 3000,
      staff_name: '佐藤',
      notes: '肩こり',
      created_at: '2026-11-22T09:00:00.000Z',
      updated_at: '2026-11-22T09:00:00.000Z',
      version: expect.any(Number),
    });
    const stored = await getCtx().db.selectFrom('visits').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ date: '2026-11-22', service_menu: '鍼灸', staff_name: '佐藤', updated_by: 'admin' });
    expect(Number(stored.price)).toBe(3000);
    const [entry] = await listAudit(getCtx().db, { entityId: id });
    expect(entry).toMatchObject({ action: 'visit.create', entity: 'visit', user_id: admin.id, username: 'admin' });
  });

  it('makes the id, leaves the price empty and names the sender as the staff when none is given', async () => {
    const token = await adminToken();
    const customerId = await customer(token);
    const created = await visit(token, { customer_id: customerId, date: '2026-11-22', staff_name: '  ' });
    expect(created).toMatchObject({ service_menu: '', price: null, staff_name: 'admin', notes: '' });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    const priceless = await visit(token, { customer_id: customerId, date: '2026-11-22', price: '' });
    expect(priceless.price).toBeNull();
  });

  it('refuses a bad body with 400 and the exact message, storing nothing', async () => {
    const { app } = getCtx();
    const token = await adminToken();
    const customerId = await customer(token);
    const ok = { customer_id: customerId, date: '2026-11-22' };
    const cases: [unknown, string][] = [
      [{}, VISIT_MESSAGES.required],
      [{ customer_id: customerId }, VISIT_MESSAGES.required],
      [{ date: '2026-11-22' }, VISIT_MESSAGES.required],
      [{ ...ok, date: '  ' }, VISIT_MESSAGES.required],
      [{ ...ok, customer_id: '' }, VISIT_MESSAGES.required],
      // Only the spec's names are read.
      [{ customerId, date: '2026-11-22' }, VISIT_MESSAGES.required],
      [{ ...ok, date: '2026-02-30' }, VISIT_MESSAGES.dateInvalid],
      [{ ...ok, date: '11/22' }, VISIT_MESSAGES.dateInvalid],
      [{ ...ok, price: 3.5 }, VISIT_MESSAGES.priceInvalid],
      [{ ...ok, price: -1 }, VISIT_MESSAGES.priceInvalid],
      [{ ...ok, price: '3000円' }, VISIT_MESSAGES.priceInvalid],
      [{ ...ok, price: 10_000_001 }, VISIT_MESSAGES.priceInvalid],
      [{ ...ok, service_menu: 'あ'.repeat(101) }, VISIT_MESSAGES.menuTooLong],
      [{ ...ok, staff_name: 'あ'.repeat(101) }, VISIT_MESSAGES.staffTooLong],
      [{ ...ok, notes: 'あ'.repeat(2001) }, VISIT_MESSAGES.notesTooLong],
      [{ ...ok, notes: 'a\u0000b' }, TEXT_MESSAGES.unusableChar],
      [{ ...ok, id: 'not-a-uuid' }, 'リクエストの形式が正しくありません'],
      ['{"date": ', 'リクエストの形式が正しくありません'],
    ];
    for (const [body, message] of cases) {
      const res = await call(app, 'POST', '/api/visits', { token, body });
      expect(res.body, JSON.stringify(body).slice(0, 60)).toEqual(invalid(message));
      expect(res.status).toBe(400);
    }
    expect(await count()).toBe(0);
  });

  it('refuses a visit for an unknown customer (404) and a second create of one id (409)', async () => {
    const { app } = getCtx();
    const token = await adminToken();
    const unknown = await call(app, 'POST', '/api/visits', {
      token,
      body: { customer_id: crypto.randomUUID(), date: '2026-11-22' },
    });
    expect([unknown.status, unknown.body]).toEqual([404, CUSTOMER_NOT_FOUND]);
    const customerId = await customer(token);
    const first = await visit(token, { customer_id: customerId, date: '2026-11-22' });
    const again = await call(app, 'POST', '/api/visits', {
      token,
      body: { id: first.id, customer_id: customerId, date: '2026-11-23' },
    });
    expect([again.status, again.body]).toEqual([409, failure('CONFLICT', 'この来院記録は既に登録されています')]);
    expect(await count()).toBe(1);
  });

  it('lists live visits newest first, by date range, customer and limit, each list audited', async () => {
    const { app, db } = getCtx();
    useFakeDate('2026-11-22T09:00:00.000Z');
    const token = await adminToken();
    const [hanako, jiro] = [await customer(token), await customer(token, '佐藤 次郎')];
    const at = async (customerId: string, date: string) => {
      advance(MINUTE);
      return (await visit(token, { customer_id: customerId, date })).id;
    };
    const a = await at(hanako, '2026-10-01');
    const b = await at(jiro, '2026-11-20');
    const c = await at(hanako, '2026-11-20'); // same day as b, entered later
    const d = await at(hanako, '2026-11-22');
    const gone = await at(jiro, '2026-11-21');
    await call(app, 'DELETE', `/api/visits/${gone}`, { token });

    const list = async (query: string) => {
      const res = await call(app, 'GET', `/api/visits${query}`, { token });
      expect(res.body.error).toBeNull();
      return (res.body.data as VisitAnswer[]).map((v) => v.id);
    };
    expect(await list('')).toEqual([d, c, b, a]);
    expect(await list('?date_from=2026-11-20')).toEqual([d, c, b]);
    expect(await list('?date_to=2026-11-20')).toEqual([c, b, a]);
    expect(await list('?date_from=2026-11-01&date_to=2026-11-21')).toEqual([c, b]);
    expect(await list('?date_from=2026-11-20&date_to=2026-11-20')).toEqual([c, b]);
    expect(await list('?date_from=&date_to=%20')).toEqual([d, c, b, a]);
    expect(await list(`?customer_id=${hanako}`)).toEqual([d, c, a]);
    expect(await list(`?customer_id=${jiro}&date_from=2026-11-01`)).toEqual([b]);
    expect(await list('?limit=2')).toEqual([d, c]);
    expect(await list('?date_from=2027-01-01')).toEqual([]);

    const cases: [string, string][] = [
      ['?date_from=2026-13-01', VISIT_MESSAGES.dateInvalid],
      ['?date_to=yesterday', VISIT_MESSAGES.dateInvalid],
      ['?date_from=2026-11-21&date_to=2026-11-20', '期間の開始日は終了日以前の日付を指定してください'],
      ['?customer_id=1', '顧客IDが正しくありません'],
      ['?limit=0', '件数は1から1000の整数で指定してください'],
      ['?limit=1001', '件数は1から1000の整数で指定してください'],
    ];
    for (const [query, message] of cases) {
      const res = await call(app, 'GET', `/api/visits${query}`, { token });
      expect([res.status, res.body], query).toEqual([400, invalid(message)]);
    }

    // One audit entry per list answered, naming the visits it returned.
    const reads = await listAudit(db, { action: 'visit.read' });
    expect(reads).toHaveLength(10);
    expect(reads[0]).toMatchObject({ entity: 'visit', entity_id: null, username: 'admin' });
    expect(JSON.parse(reads[0]!.detail!)).toEqual({ via: 'GET /api/visits', ids: [d, c, b, a] });
    expect(reads[7]).toMatchObject({ entity_id: b });
  });

  it('keeps the name of a deleted customer on the visits, marked deleted, and still takes visits for them', async () => {
    const { app } = getCtx();
    const token = await adminToken();
    const customerId = await customer(token);
    const before = await visit(token, { customer_id: customerId, date: '2026-11-20' });
    await call(app, 'DELETE', `/api/customers/${customerId}`, { token });
    // Entered on a device that had not yet heard of the delete: real history, kept.
    const after = await visit(token, { customer_id: customerId, date: '2026-11-21' });
    expect(after).toMatchObject({ customer_name: '山田 花子', customer_deleted: true });

    const listed = (await call(app, 'GET', '/api/visits', { token })).body.data;
    expect(
      listed.map((v: VisitAnswer & { customer_name: string; customer_deleted: boolean }) => [
        v.id,
        v.customer_name,
        v.customer_deleted,
      ]),
    ).toEqual([
      [after.id, '山田 花子', true],
      [before.id, '山田 花子', true],
    ]);
    expect((await call(app, 'GET', `/api/visits/${before.id}`, { token })).body.data).toMatchObject({
      customer_name: '山田 花子',
      customer_deleted: true,
    });
    const ofCustomer = await call(app, 'GET', `/api/visits/customer/${customerId}`, { token });
    expect(ofCustomer.body.data.visits.map((v: VisitAnswer) => v.id)).toEqual([after.id, before.id]);
  });

  it('gets one visit by id with its conflicts, audited; 404 when unknown or deleted', async () => {
    const { app } = getCtx();
    const token = await adminToken();
    const customerId = await customer(token);
    const created = await visit(token, { customer_id: customerId, date: '2026-11-22', service_menu: '鍼灸' });
    const res = await call(app, 'GET', `/api/visits/${created.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ...created, conflicts: [] });
    expect(await actionsOn(created.id)).toEqual(['visit.create', 'visit.read']);

    const unknown = await call(app, 'GET', `/api/visits/${crypto.randomUUID()}`, { token });
    expect([unknown.status, unknown.body]).toEqual([404, VISIT_NOT_FOUND]);
    await call(app, 'DELETE', `/api/visits/${created.id}`, { token });
    const deleted = await call(app, 'GET', `/api/visits/${created.id}`, { token });
    expect([deleted.status, deleted.body]).toEqual([404, VISIT_NOT_FOUND]);
  });

  it('changes only the given fields on PUT, bumps the version and audits the change', async () => {
    const { app, db, staff } = getCtx();
    const token = await adminToken();
    const [hanako, jiro] = [await customer(token), await customer(token, '佐藤 次郎')];
    const created = await visit(token, {
      customer_id: hanako,
      date: '2026-11-22',
      service_menu: '鍼灸',
      price: 3000,
      notes: 'メモ',
    });
    const staffToken = await tokenOf(app, staff);
    const res = await call(app, 'PUT', `/api/visits/${created.id}`, {
      token: staffToken,
      body: { price: '４５００', service_menu: '鍼灸', customer_id: jiro },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      customer_id: jiro,
      customer_name: '佐藤 次郎',
      service_menu: '鍼灸',
      price: 4500,
      notes: 'メモ',
      date: '2026-11-22',
    });
    expect(res.body.data.version).toBeGreaterThan(created.version);
    const [update] = await listAudit(db, { action: 'visit.update' });
    expect(update).toMatchObject({ entity: 'visit', entity_id: created.id, username: 'staff1' });
    expect(JSON.parse(update!.detail!)).toEqual({ fields: ['customerId', 'price'] });
    const stored = await db.selectFrom('visits').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(stored.updated_by).toBe('staff1');

    // Clearing the price; a body that changes nothing writes nothing.
    expect(
      (await call(app, 'PUT', `/api/visits/${created.id}`, { token, body: { price: null } })).body.data.price,
    ).toBeNull();
    const same = await call(app, 'PUT', `/api/visits/${created.id}`, { token, body: { notes: 'メモ' } });
    expect(same.status).toBe(200);
    expect((await listAudit(db, { action: 'visit.update' })).length).toBe(2);

    const refusals: [object, number, object][] = [
      [{ date: '' }, 400, invalid(VISIT_MESSAGES.required)],
      [{ price: 1.5 }, 400, invalid(VISIT_MESSAGES.priceInvalid)],
      [{ date: '2026-02-29' }, 400, invalid(VISIT_MESSAGES.dateInvalid)],
      [{ customer_id: crypto.randomUUID() }, 404, CUSTOMER_NOT_FOUND],
    ];
    for (const [body, status, answer] of refusals) {
      const refused = await call(app, 'PUT', `/api/visits/${created.id}`, { token, body });
      expect([refused.status, refused.body], JSON.stringify(body)).toEqual([status, answer]);
    }
    expect((await call(app, 'GET', `/api/visits/${created.id}`, { token })).body.data).toMatchObject({
      customer_id: jiro,
      date: '2026-11-22',
      price: null,
    });

    const unknown = await call(app, 'PUT', `/api/visits/${crypto.randomUUID()}`, { token, body: { notes: 'x' } });
    expect([unknown.status, unknown.body]).toEqual([404, VISIT_NOT_FOUND]);
  });

  it('deletes a visit: then 404, audited, and a second delete or an edit is refused', async () => {
    const { app } = getCtx();
    const token = await adminToken();
    const { id } = await visit(token, { customer_id: await customer(token), date: '2026-11-22' });
    const res = await call(app, 'DELETE', `/api/visits/${id}`, { token });
    expect([res.status, res.body.data]).toEqual([200, { id }]);
    expect((await call(app, 'GET', `/api/visits/${id}`, { token })).status).toBe(404);
    expect(await actionsOn(id)).toEqual(['visit.create', 'visit.delete']);

    const deletedElsewhere = failure('CONFLICT', REJECTION_MESSAGES.deletedElsewhere);
    const again = await call(app, 'DELETE', `/api/visits/${id}`, { token });
    expect([again.status, again.body]).toEqual([409, deletedElsewhere]);
    const edit = await call(app, 'PUT', `/api/visits/${id}`, { token, body: { notes: 'x' } });
    expect([edit.status, edit.body]).toEqual([409, deletedElsewhere]);
    const unknown = await call(app, 'DELETE', `/api/visits/${crypto.randomUUID()}`, { token });
    expect([unknown.status, unknown.body]).toEqual([404, VISIT_NOT_FOUND]);
  });

  it('answers 401 without a token on every route', async () => {
    const { app } = getCtx();
    const id = crypto.randomUUID();
    for (const [method, path, body] of [
      ['GET', '/api/visits'],
      ['GET', '/api/visits/stats/summary'],
      ['GET', `/api/visits/customer/${id}`],
      ['GET', `/api/visits/${id}`],
      ['POST', '/api/visits', { customer_id: id, date: '2026-11-22' }],
      ['PUT', `/api/visits/${id}`, { notes: 'x' }],
      ['DELETE', `/api/visits/${id}`],
    ] as const) {
      const res = await call(app, method, path, { body });
      expect([res.status, res.body], `${method} ${path}`).toEqual([401, failure('UNAUTHORIZED', 'ログインが必要です')]);
    }
    expect(await count()).toBe(0);
  });
});
