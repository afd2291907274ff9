import type { AppointmentCreateArgs, WireMutation } from '@clinic/sync-protocol';
import { expect, it } from 'vitest';
import { listAudit } from '../audit/audit.repository';
import { CLIENT_TIME, makeCreate, pull, pushOk, tokenOf } from '../sync/sync-test-helpers';
import { call, describeEachDatabase } from '../test/harness';

const book = (id: number, args: Partial<AppointmentCreateArgs> & { id: string; customerId: string }): WireMutation => ({
  id,
  name: 'appointment.create',
  clientTime: CLIENT_TIME,
  args: { date: '2026-12-07', start: '10:00', minutes: 60, staffName: '佐藤', serviceMenu: '鍼灸', ...args },
});
const change = (id: number, appointmentId: string, patch: object, base: object = {}): WireMutation => ({
  id,
  name: 'appointment.update',
  clientTime: CLIENT_TIME,
  args: { id: appointmentId, patch, base },
});

describeEachDatabase('sync of appointments', (getCtx) => {
  /** Two tablets: the admin's (which registered a customer) and the staff's. */
  async function setup() {
    const { app, staff } = getCtx();
    const a = { token: await tokenOf(app, getCtx().admin), clientId: crypto.randomUUID(), next: 1 };
    const b = { token: await tokenOf(app, staff), clientId: crypto.randomUUID(), next: 1 };
    const customerId = crypto.randomUUID();
    await pushOk(app, a.token, a.clientId, [makeCreate(a.next++, { id: customerId })]);
    return { app, db: getCtx().db, a, b, customerId };
  }

  it('keeps both of two overlapping bookings made offline, and says so on the server and in the audit', async () => {
    const { app, db, a, b, customerId } = await setup();
    const [first, second, apart] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await pushOk(app, a.token, a.clientId, [book(a.next++, { id: first, customerId })]);
    await pushOk(app, b.token, b.clientId, [
      book(b.next++, { id: second, customerId, start: '10:30', minutes: 30 }),
      // Another 施術者 at the same time, and the same one right after: neither overlaps.
      book(b.next++, { id: apart, customerId, start: '11:00', staffName: '佐藤' }),
    ]);

    const changes = (await pull(app, a.token, a.clientId)).changes.appointments;
    expect(changes.map((x) => x.id).sort()).toEqual([first, second, apart].sort());
    expect(changes.find((x) => x.id === second)).toMatchObject({ start: '10:30', minutes: 30, status: 'booked' });
    expect((await pull(app, b.token, b.clientId)).rejections).toEqual([]);

    const res = await call(app, 'GET', '/api/appointments?date_from=2026-12-07&date_to=2026-12-07', { token: a.token });
    expect(res.status).toBe(200);
    const byId = new Map(res.body.data.map((x: { id: string; overlaps: string[] }) => [x.id, x.overlaps]));
    expect(byId.get(first)).toEqual([second]);
    expect(byId.get(second)).toEqual([first]);
    expect(byId.get(apart)).toEqual([]);

    const created = await listAudit(db, { entityId: second });
    const detail = created.find((r) => r.action === 'appointment.create')?.detail;
    expect(JSON.parse(String(detail))).toMatchObject({ overlaps: [first] });
  });

  it('clears the overlap when one of the two is moved or cancelled, on the other device too', async () => {
    const { app, a, b, customerId } = await setup();
    const [first, second] = [crypto.randomUUID(), crypto.randomUUID()];
    await pushOk(app, a.token, a.clientId, [book(a.next++, { id: first, customerId })]);
    await pushOk(app, b.token, b.clientId, [book(b.next++, { id: second, customerId, start: '10:15' })]);
    await pushOk(app, b.token, b.clientId, [change(b.next++, second, { start: '11:00' }, { start: '10:15' })]);
    let res = await call(app, 'GET', `/api/appointments/${first}`, { token: a.token });
    expect(res.body.data.overlaps).toEqual([]);

    await pushOk(app, b.token, b.clientId, [change(b.next++, second, { start: '10:15' }, { start: '11:00' })]);
    res = await call(app, 'GET', `/api/appointments/${first}`, { token: a.token });
    expect(res.body.data.overlaps).toEqual([second]);
    await pushOk(app, a.token, a.clientId, [change(a.next++, first, { status: 'cancelled' }, { status: 'booked' })]);
    res = await call(app, 'GET', `/api/appointments/${second}`, { token: b.token });
    expect(res.body.data.overlaps).toEqual([]);
    const seen = (await pull(app, b.token, b.clientId)).changes.appointments.find((x) => x.id === first);
    expect(seen?.status).toBe('cancelled');
  });

  it('refuses a booking for a customer the server does not know, as a visible rejection', async () => {
    const { app, a } = await setup();
    await pushOk(app, a.token, a.clientId, [
      book(a.next++, { id: crypto.randomUUID(), customerId: crypto.randomUUID() }),
    ]);
    const rejections = (await pull(app, a.token, a.clientId)).rejections;
    expect(rejections.map((r) => r.reason)).toEqual(['顧客が見つかりません']);
  });
});

describeEachDatabase('/api/appointments', (getCtx) => {
  async function customer(token: string) {
    const res = await call(getCtx().app, 'POST', '/api/customers', {
      token,
      body: { name: '山田 花子', phone: '090-1234-5678' },
    });
    return res.body.data.id as string;
  }

  it('books, lists by day, 施術者 and patient, moves and cancels, each change audited', async () => {
    const { app, db } = getCtx();
    const token = await tokenOf(app, getCtx().admin);
    const customerId = await customer(token);
    const body = { customerId, date: '２０２６-１２-０７', start: '１０:００', minutes: 45, staffName: ' 佐藤 ' };
    const created = await call(app, 'POST', '/api/appointments', { token, body });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      date: '2026-12-07',
      start: '10:00',
      staffName: '佐藤',
      status: 'booked',
      customerName: '山田 花子',
      overlaps: [],
    });
    const id = created.body.data.id as string;

    for (const query of ['date_from=2026-12-07&date_to=2026-12-07', 'staff=佐藤', `customer_id=${customerId}`]) {
      const res = await call(app, 'GET', `/api/appointments?${encodeURI(query)}`, { token });
      expect(res.body.data.map((x: { id: string }) => x.id)).toEqual([id]);
    }
    const none = await call(app, 'GET', '/api/appointments?date_from=2026-12-08', { token });
    expect(none.body.data).toEqual([]);

    const moved = await call(app, 'PUT', `/api/appointments/${id}`, { token, body: { start: '14:30' } });
    expect(moved.body.data).toMatchObject({ start: '14:30', minutes: 45 });
    const cancelled = await call(app, 'PUT', `/api/appointments/${id}`, { token, body: { status: 'cancelled' } });
    expect(cancelled.body.data.status).toBe('cancelled');
    const actions = (await listAudit(db, { entityId: id })).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['appointment.create', 'appointment.update', 'appointment.read']));
  });

  it('names the 施術者 an administrator marked, to any signed-in person; the mark is kept on the user', async () => {
    const { app, staff } = getCtx();
    const admin = await tokenOf(app, getCtx().admin);
    const staffToken = await tokenOf(app, staff);
    const names = async () =>
      (await call(app, 'GET', '/api/appointments/practitioners', { token: staffToken })).body.data.practitioners;
    expect(await names()).toEqual([]);
    const marked = await call(app, 'PUT', `/api/users/${staff.id}`, { token: admin, body: { treats: true } });
    expect(marked.status).toBe(200);
    expect(await names()).toEqual([staff.username]);
    const listed = await call(app, 'GET', '/api/users', { token: admin });
    const flags = Object.fromEntries(
      listed.body.data.map((u: { username: string; treats: boolean }) => [u.username, u.treats]),
    );
    expect(flags).toMatchObject({ [staff.username]: true, [getCtx().admin.username]: false });
    // Staff cannot mark anyone: the users' routes are the administrator's.
    const refused = await call(app, 'PUT', `/api/users/${getCtx().admin.id}`, {
      token: staffToken,
      body: { treats: true },
    });
    expect(refused.status).toBe(403);
    expect(await names()).toEqual([staff.username]);
  });

  it('refuses bad input with a Japanese message and stores nothing', async () => {
    const { app, db } = getCtx();
    const token = await tokenOf(app, getCtx().admin);
    const customerId = await customer(token);
    const cases: [object, string][] = [
      [
        { customerId, date: '2026-12-07', start: '10:07', minutes: 30, staffName: '佐藤' },
        '開始時刻は「10:30」の形で、5分刻みで入力してください',
      ],
      [
        { customerId, date: '2026-12-07', start: '25:00', minutes: 30, staffName: '佐藤' },
        '開始時刻は「10:30」の形で、5分刻みで入力してください',
      ],
      [
        { customerId, date: '2026-12-07', start: '10:00', minutes: 0, staffName: '佐藤' },
        '所要時間は5分から480分までの5分刻みで入力してください',
      ],
      [{ customerId, date: '2026-12-07', start: '10:00', minutes: 30, staffName: ' ' }, '施術者を選んでください'],
      [
        { customerId, date: '2026-02-30', start: '10:00', minutes: 30, staffName: '佐藤' },
        '日付は「2026-11-23」の形で、存在する日付を入力してください',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await call(app, 'POST', '/api/appointments', { token, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await db.selectFrom('appointments').select('id').execute()).toEqual([]);
    const missing = await call(app, 'GET', `/api/appointments/${crypto.randomUUID()}`, { token });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('予約が見つかりません');
  });
});
