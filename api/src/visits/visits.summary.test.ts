import { VISIT_MESSAGES } from '@clinic/sync-protocol';
import { afterEach, expect, it, vi } from 'vitest';
import { listAudit } from '../audit/audit.repository';
import { call, describeEachDatabase } from '../test/harness';
import { CUSTOMER_NOT_FOUND, type VisitAnswer, invalid, visitsHelpers } from './visits-test-support';

describeEachDatabase('visits REST: one customer’s visits and the sums', (getCtx) => {
  const { adminToken, customer, visit } = visitsHelpers(getCtx);

  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists one customer’s live visits as data.visits, newest first, audited; 404 for an unknown customer', async () => {
    const { app, db } = getCtx();
    const token = await adminToken();
    const [hanako, jiro] = [await customer(token), await customer(token, '佐藤 次郎')];
    const old = await visit(token, { customer_id: hanako, date: '2026-01-05' });
    const recent = await visit(token, { customer_id: hanako, date: '2026-11-05' });
    await visit(token, { customer_id: jiro, date: '2026-11-06' });
    const gone = await visit(token, { customer_id: hanako, date: '2026-11-07' });
    await call(app, 'DELETE', `/api/visits/${gone.id}`, { token });

    const res = await call(app, 'GET', `/api/visits/customer/${hanako}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.data.visits.map((v: VisitAnswer) => [v.id, v.customer_id])).toEqual([
      [recent.id, hanako],
      [old.id, hanako],
    ]);
    expect((await call(app, 'GET', `/api/visits/customer/${hanako}?limit=1`, { token })).body.data.visits).toHaveLength(
      1,
    );
    const [read] = await listAudit(db, { action: 'visit.read' });
    expect(JSON.parse(read!.detail!)).toEqual({
      via: 'GET /api/visits/customer/:customerId',
      ids: [recent.id, old.id],
    });

    const unknown = await call(app, 'GET', `/api/visits/customer/${crypto.randomUUID()}`, { token });
    expect([unknown.status, unknown.body]).toEqual([404, CUSTOMER_NOT_FOUND]);
  });

  it('sums live visits by menu and by month in SQL, within the date range', async () => {
    const { app } = getCtx();
    const token = await adminToken();
    const customerId = await customer(token);
    const add = (date: string, service_menu: string, price: number | null) =>
      visit(token, { customer_id: customerId, date, service_menu, price });
    await add('2026-10-03', '鍼灸', 5000);
    await add('2026-10-20', '鍼灸', 5000);
    await add('2026-11-01', '鍼灸', 4000);
    await add('2026-11-02', '整体', 3000);
    await add('2026-11-03', '', null);
    await add('2026-11-04', '', 1000);
    const gone = await add('2026-11-05', '整体', 99999);
    await call(app, 'DELETE', `/api/visits/${gone.id}`, { token });

    const stats = async (query = '') => {
      const res = await call(app, 'GET', `/api/visits/stats/summary${query}`, { token });
      expect(res.body.error).toBeNull();
      return res.body.data;
    };
    expect(await stats()).toEqual({
      count: 6,
      totalPrice: 18000,
      byMenu: [
        { service_menu: '鍼灸', count: 3, total_price: 14000 },
        { service_menu: '', count: 2, total_price: 1000 },
        { service_menu: '整体', count: 1, total_price: 3000 },
      ],
      byMonth: [
        { month: '2026-10', count: 2, total_price: 10000 },
        { month: '2026-11', count: 4, total_price: 8000 },
      ],
    });
    const inRange = await stats('?date_from=2026-11-01&date_to=2026-11-03');
    // Menus of equal count come in the database's collation order, which a server may set.
    inRange.byMenu.sort((a: { service_menu: string }, b: { service_menu: string }) =>
      a.service_menu < b.service_menu ? -1 : 1,
    );
    expect(inRange).toEqual({
      count: 3,
      totalPrice: 7000,
      byMenu: [
        { service_menu: '', count: 1, total_price: 0 },
        { service_menu: '整体', count: 1, total_price: 3000 },
        { service_menu: '鍼灸', count: 1, total_price: 4000 },
      ],
      byMonth: [{ month: '2026-11', count: 3, total_price: 7000 }],
    });
    expect(await stats('?date_from=2027-01-01')).toEqual({ count: 0, totalPrice: 0, byMenu: [], byMonth: [] });
    const bad = await call(app, 'GET', '/api/visits/stats/summary?date_to=2026-11-31', { token });
    expect([bad.status, bad.body]).toEqual([400, invalid(VISIT_MESSAGES.dateInvalid)]);
  });
});
