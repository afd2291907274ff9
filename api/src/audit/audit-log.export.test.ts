import { afterEach, expect, it, vi } from 'vitest';
import { authed, call, describeEachDatabase, login, useFakeDate } from '../test/harness';
import { listAudit, recordAudit } from './audit.repository';

describeEachDatabase('access log CSV', (getCtx) => {
  afterEach(() => vi.useRealTimers());

  const exportCsv = async (query = '') => {
    const { app, admin } = getCtx();
    const { accessToken } = await login(app, admin.username, admin.password);
    return app.request(`/api/audit-log/export.csv${query}`, { headers: authed(accessToken) });
  };

  it('is a UTF-8 file with a BOM, a Japanese header, Japan times and actions in Japanese, named for today in Japan', async () => {
    useFakeDate('2026-11-20T15:30:00.000Z'); // 2026-11-21 00:30 in Japan
    const { app, admin } = getCtx();
    const { accessToken: token } = await login(app, admin.username, admin.password);
    const customer = await call(app, 'POST', '/api/customers', {
      token,
      body: { name: '山田 花子', phone: '090-1234-5678' },
    });
    const visit = await call(app, 'POST', '/api/visits', {
      token,
      body: { customer_id: customer.body.data.id, date: '2026-11-21' },
    });

    const res = await exportCsv('?action=visit.create');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="access-log-20261121.csv"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1).split('\r\n');
    expect(lines).toEqual([
      '日時,ユーザー,操作,対象,対象ID,患者名,カルテ番号,件数,端末,端末ID,IPアドレス,送信者,送信セッションID',
      `2026/11/21 00:30:00,admin,来院記録の登録,来院記録,${visit.body.data.id as string},山田 花子,1,1,—,,,,`,
      '',
    ]);
  });

  it('quotes commas, quotes and line breaks, and keeps formulas as text', async () => {
    const { db } = getCtx();
    await recordAudit(db, {
      userId: null,
      username: '=HYPERLINK("http://x","y")',
      action: 'login_failure',
      at: new Date('2026-11-20T00:00:00.000Z'),
    });
    await recordAudit(db, {
      userId: null,
      username: '+1, "two"\nthree',
      action: '@SUM(A1)',
      entity: '-2',
      at: new Date('2026-11-20T00:00:01.000Z'),
    });
    const text = (await (await exportCsv('?from=2026-11-20&to=2026-11-20')).text()).replace(/^\uFEFF/, '');
    expect(text.split('\r\n').slice(1)).toEqual([
      `2026/11/20 09:00:01,"'+1, ""two""\nthree",'@SUM(A1),'-2,,,,0,—,,,,`,
      `2026/11/20 09:00:00,"'=HYPERLINK(""http://x"",""y"")",ログイン失敗,,,,,0,—,,,,`,
      '',
    ]);
  });

  it('names who sent a change made by someone else on a shared tablet, and the session', async () => {
    const { db, admin, staff } = getCtx();
    await recordAudit(db, {
      userId: staff.id,
      username: 'staff1',
      action: 'customer.update',
      deliveredBy: { id: admin.id, username: 'admin' },
      sessionId: 'session-1',
      at: new Date('2026-11-20T00:00:00.000Z'),
    });
    const text = (await (await exportCsv('?action=customer.update')).text()).replace(/^\uFEFF/, '');
    expect(text.split('\r\n')[1]).toBe('2026/11/20 09:00:00,staff1,顧客の変更,,,,,0,—,,,admin,session-1');
  });

  it('ignores limit and offset, and is itself logged', async () => {
    const { db, admin } = getCtx();
    for (let i = 0; i < 3; i++)
      await recordAudit(db, {
        userId: admin.id,
        username: 'admin',
        action: 'x',
        at: new Date(Date.UTC(2026, 10, 20, i)),
      });
    const text = await (await exportCsv('?action=x&limit=1&offset=2')).text();
    expect(text.trim().split('\r\n')).toHaveLength(4);
    const exports = await listAudit(db, { action: 'audit_log.export' });
    expect(exports).toHaveLength(1);
    expect(JSON.parse(exports[0]!.detail!)).toMatchObject({ filters: { action: 'x' }, rows: 3 });
  });
});
