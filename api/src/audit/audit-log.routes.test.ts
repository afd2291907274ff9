import type { AuditLogPage, AuditLogRowView } from '@clinic/sync-protocol/admin';
import { afterEach, expect, it, vi } from 'vitest';
import { call, describeEachDatabase, failure, login } from '../test/harness';
import { listAudit, recordAudit } from './audit.repository';

describeEachDatabase('access log', (getCtx) => {
  afterEach(() => vi.useRealTimers());

  const tokenOf = async (who: 'admin' | 'staff') =>
    (await login(getCtx().app, getCtx()[who].username, getCtx()[who].password)).accessToken;
  const page = async (query = '', token?: string) => {
    const res = await call(getCtx().app, 'GET', `/api/audit-log${query}`, { token: token ?? (await tokenOf('admin')) });
    expect(res.body.error).toBeNull();
    return res.body.data as AuditLogPage;
  };
  const post = async (token: string, path: string, body: object) => {
    const res = await call(getCtx().app, 'POST', path, { token, body });
    expect(res.body.error).toBeNull();
    return res.body.data as { id: string; chartNumber: number };
  };
  /** A customer with a visit, a diagnosis and a pain marker; the ids of each. */
  const patientWithRecords = async (token: string, name: string) => {
    const customer = await post(token, '/api/customers', { name, phone: '090-1234-5678' });
    const visit = await post(token, '/api/visits', { customer_id: customer.id, date: '2026-11-20' });
    const diagnosis = await post(token, '/api/diagnosis', {
      customer_id: customer.id,
      bodyParts: [{ id: 1, body_part: 'front 10% 20%', pain_level: 5, x: 10, y: 20, view: 'front', notes: '' }],
    });
    return { customer, visitId: visit.id, diagnosisId: diagnosis.id };
  };

  it('names the patient of a record read through its visit, and counts a list read', async () => {
    const admin = await tokenOf('admin');
    const hanako = await patientWithRecords(admin, '山田 花子');
    await patientWithRecords(admin, '佐藤 次郎');
    const staff = await tokenOf('staff');
    expect((await call(getCtx().app, 'GET', `/api/visits/${hanako.visitId}`, { token: staff })).status).toBe(200);
    expect((await call(getCtx().app, 'GET', '/api/customers', { token: staff })).status).toBe(200);

    const visitRead = (await page('?action=visit.read')).rows;
    expect(visitRead).toEqual([
      {
        id: visitRead[0]!.id,
        at: visitRead[0]!.at,
        userId: getCtx().staff.id,
        username: 'staff1',
        displayName: null,
        deliveredBy: null,
        madeAt: null,
        action: 'visit.read',
        entity: 'visit',
        entityId: hanako.visitId,
        customer: { id: hanako.customer.id, name: '山田 花子', chartNumber: hanako.customer.chartNumber },
        recordCount: 1,
        clientId: null,
        deviceName: null,
        ip: null,
        userAgent: null,
      } satisfies AuditLogRowView,
    ]);
    const listRead = (await page('?action=customer.read')).rows[0]!;
    expect(listRead).toMatchObject({ entity: 'customer', entityId: null, recordCount: 2, customer: null });

    const marker = (await page('?action=painMarker.create')).rows.find((r) => r.customer?.name === '山田 花子');
    expect(marker?.customer).toEqual({
      id: hanako.customer.id,
      name: '山田 花子',
      chartNumber: hanako.customer.chartNumber,
    });
  });

  it('finds every row about one patient: the patient, their records and lists that held them', async () => {
    const admin = await tokenOf('admin');
    const hanako = await patientWithRecords(admin, '山田 花子');
    const jiro = await patientWithRecords(admin, '佐藤 次郎');
    await call(getCtx().app, 'GET', '/api/customers', { token: admin });
    await call(getCtx().app, 'GET', `/api/customers/${jiro.customer.id}`, { token: admin });

    const rows = (await page(`?customerId=${hanako.customer.id}`)).rows;
    const seen = rows.map((r) => `${r.action} ${r.customer?.name ?? '-'}`).sort();
    expect(seen).toEqual([
      'customer.create 山田 花子',
      'customer.read -',
      'diagnosis.create 山田 花子',
      'painMarker.create 山田 花子',
      'visit.create 山田 花子',
    ]);
    const jiroRows = (await page(`?customerId=${jiro.customer.id}`)).rows;
    expect(jiroRows.map((r) => r.action)).toContain('customer.read');
    expect(jiroRows.every((r) => r.customer === null || r.customer.id === jiro.customer.id)).toBe(true);
    // A LIKE wildcard in the id finds nothing rather than everything.
    expect((await page('?customerId=%25')).total).toBe(0);
  });

  it('filters by user, action and Japanese days, newest first, a page at a time', async () => {
    const { db, admin, staff } = getCtx();
    const row = (at: string, userId: string, action: string) =>
      recordAudit(db, { userId, username: null, action, at: new Date(at) });
    await row('2026-11-19T15:00:00.000Z', admin.id, 'a'); // 11-20 00:00 in Japan
    await row('2026-11-20T14:59:59.999Z', staff.id, 'b'); // 11-20 23:59:59
    await row('2026-11-20T15:00:00.000Z', staff.id, 'a'); // 11-21 00:00
    await row('2026-11-21T03:00:00.000Z', admin.id, 'b');

    const token = await tokenOf('admin');
    const ats = async (query: string) => (await page(query, token)).rows.map((r) => r.at);
    expect(await ats('?from=2026-11-20&to=2026-11-20')).toEqual([
      '2026-11-20T14:59:59.999Z',
      '2026-11-19T15:00:00.000Z',
    ]);
    expect(await ats('?from=2026-11-21')).toEqual(
      expect.arrayContaining(['2026-11-21T03:00:00.000Z', '2026-11-20T15:00:00.000Z']),
    );
    expect(await ats(`?userId=${staff.id}`)).toEqual(['2026-11-20T15:00:00.000Z', '2026-11-20T14:59:59.999Z']);
    expect(await ats(`?userId=${staff.id}&action=a`)).toEqual(['2026-11-20T15:00:00.000Z']);
    expect(await ats('?to=2026-11-19')).toEqual([]);

    const all = await page('?to=2026-11-21', token);
    expect(all.total).toBe(4);
    const first = await page('?to=2026-11-21&limit=3', token);
    const second = await page('?to=2026-11-21&limit=3&offset=3', token);
    expect([first.total, second.total]).toEqual([4, 4]);
    expect([...first.rows, ...second.rows].map((r) => r.at)).toEqual(all.rows.map((r) => r.at));
    expect(second.rows).toHaveLength(1);
    expect(first.actions).toEqual(expect.arrayContaining(['a', 'b', 'audit_log.read', 'login_success']));
    expect(first.actions).toEqual([...first.actions].sort());
  });

  it('refuses bad filters with a Japanese message', async () => {
    const token = await tokenOf('admin');
    for (const query of ['?from=2026-02-30', '?to=20261120', '?limit=0', '?limit=101', '?offset=-1']) {
      const res = await call(getCtx().app, 'GET', `/api/audit-log${query}`, { token });
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.message).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    }
    expect((await call(getCtx().app, 'GET', '/api/audit-log?from=2026-02-30', { token })).body.message).toBe(
      '日付は YYYY-MM-DD で指定してください',
    );
  });

  it('logs each read of the log itself', async () => {
    const { db, admin } = getCtx();
    await page('?action=visit.read');
    const reads = await listAudit(db, { action: 'audit_log.read' });
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ user_id: admin.id, entity: 'audit_log' });
    expect(JSON.parse(reads[0]!.detail!)).toMatchObject({ filters: { action: 'visit.read' }, rows: 0 });
  });

  it('is for admins only, and no method changes it', async () => {
    const { app, db } = getCtx();
    const staff = await tokenOf('staff');
    for (const path of ['/api/audit-log', '/api/audit-log/export.csv']) {
      expect((await call(app, 'GET', path, { token: staff })).body, path).toEqual(
        failure('FORBIDDEN', 'この操作を実行する権限がありません'),
      );
      expect((await call(app, 'GET', path)).status, path).toBe(401);
    }
    const admin = await tokenOf('admin');
    const before = await listAudit(db);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const path of ['/api/audit-log', '/api/audit-log/1']) {
        const res = await call(app, method, path, {
          token: admin,
          body: { action: 'forged', at: '2000-01-01T00:00:00.000Z' },
        });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
    }
    expect(await listAudit(db)).toEqual(before);
  });
});
