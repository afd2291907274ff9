import { AUDIT_EVENT_LIMITS, type AuditEventsRequest } from '@clinic/sync-protocol';
import type { AuditLogPage } from '@clinic/sync-protocol/admin';
import { expect, it } from 'vitest';
import { MESSAGES } from '../http/envelope';
import { call, describeEachDatabase, failure, login } from '../test/harness';
import { listAudit } from './audit.repository';

const EVENT = '0193a3f0-0000-4000-8000-00000000e001';
const MEDIA_EVENT = '0193a3f0-0000-4000-8000-00000000e002';
const FILTERED_EVENT = '0193a3f0-0000-4000-8000-00000000e003';

describeEachDatabase('device audit events', (getCtx) => {
  const tokenOf = async (who: 'admin' | 'staff') =>
    (await login(getCtx().app, getCtx()[who].username, getCtx()[who].password)).accessToken;
  const send = async (body: unknown, token?: string) =>
    call(getCtx().app, 'POST', '/api/audit-events', {
      body,
      ...(token ? { token } : {}),
      headers: { 'X-Client-Id': 'tablet-1' },
    });
  const accessLog = async (query: string) => {
    const res = await call(getCtx().app, 'GET', `/api/audit-log${query}`, { token: await tokenOf('admin') });
    return (res.body.data as AuditLogPage).rows;
  };
  type Filter = { from: string | null; to: string | null; customerId: string | null };
  const visitsExport = (id = EVENT, filter: Filter = { from: '2026-11-01', to: '2026-11-30', customerId: null }) => ({
    id,
    at: '2026-11-20T10:15:00.000+09:00',
    kind: 'visits.export' as const,
    rows: 12,
    filter,
  });

  it('stores an export once when the device sends it twice, as the sender, and the access log shows it', async () => {
    const staff = await tokenOf('staff');
    const body: AuditEventsRequest = { events: [visitsExport()] };
    const first = await send(body, staff);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ received: [EVENT] });
    // The answer was lost, say: the device sends the same event again, and within one batch too.
    const again = await send({ events: [visitsExport(), visitsExport()] }, staff);
    expect(again.body.data).toEqual({ received: [EVENT, EVENT] });

    const rows = await listAudit(getCtx().db, { action: 'visits.export' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      user_id: getCtx().staff.id,
      username: 'staff1',
      entity: 'visits',
      entity_id: null,
      client_id: 'tablet-1',
      at: '2026-11-20T01:15:00.000Z',
    });
    expect(JSON.parse(rows[0]!.detail!)).toMatchObject({
      eventId: EVENT,
      recordCount: 12,
      filter: { from: '2026-11-01', to: '2026-11-30', customerId: null },
    });

    const [shown] = await accessLog('?action=visits.export');
    expect(shown).toMatchObject({
      username: 'staff1',
      action: 'visits.export',
      at: '2026-11-20T01:15:00.000Z',
      recordCount: 12,
      clientId: 'tablet-1',
    });
  });

  it('names the patient of an export filtered to one customer and of a saved photo, so their filter finds both', async () => {
    const admin = await tokenOf('admin');
    const customer = (
      await call(getCtx().app, 'POST', '/api/customers', {
        token: admin,
        body: { name: '山田 花子', phone: '090-1234-5678' },
      })
    ).body.data as { id: string };
    const media = '0193a3f0-0000-4000-8000-00000000a001';
    const res = await send(
      {
        events: [
          visitsExport(FILTERED_EVENT, { from: null, to: null, customerId: customer.id }),
          { id: MEDIA_EVENT, at: '2026-11-20T01:20:00Z', kind: 'media.export', mediaId: media },
        ],
      },
      admin,
    );
    expect(res.status).toBe(200);
    const ofPatient = await accessLog(`?customerId=${customer.id}`);
    expect(ofPatient.filter((r) => r.action === 'visits.export')).toMatchObject([
      { entity: 'customer', customer: { id: customer.id, name: '山田 花子' }, recordCount: 12 },
    ]);
    const [photo] = await accessLog('?action=media.export');
    expect(photo).toMatchObject({ entity: 'media', entityId: media, recordCount: 1 });
  });

  it('never dates a row after the moment it arrived', async () => {
    const staff = await tokenOf('staff');
    await send({ events: [{ ...visitsExport(), at: '2099-01-01T00:00:00Z' }] }, staff);
    const [row] = await listAudit(getCtx().db, { action: 'visits.export' });
    expect(new Date(row!.at).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it.each([
    ['no events', { events: [] }],
    ['an unknown kind', { events: [{ ...visitsExport(), kind: 'customers.export' }] }],
    ['a patient name smuggled in', { events: [{ ...visitsExport(), customerName: '山田 花子' }] }],
    ['an id that is not a UUID', { events: [visitsExport('x'.repeat(100_000))] }],
    ['a negative row count', { events: [{ ...visitsExport(), rows: -1 }] }],
    ['a date that is not one', { events: [visitsExport(EVENT, { from: '2026-13-40', to: null, customerId: null })] }],
    [
      'too many events',
      {
        events: Array.from({ length: AUDIT_EVENT_LIMITS.perRequest + 1 }, (_, i) =>
          visitsExport(`0193a3f0-0000-4000-8000-${String(i).padStart(12, '0')}`),
        ),
      },
    ],
  ])('refuses %s with 400 and stores nothing', async (_name, body) => {
    const res = await send(body, await tokenOf('staff'));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(await listAudit(getCtx().db, { action: 'visits.export' })).toEqual([]);
  });

  it('refuses a caller who is not logged in with 401', async () => {
    const res = await send({ events: [visitsExport()] });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, code: expect.any(String) });
    expect(await listAudit(getCtx().db, { action: 'visits.export' })).toEqual([]);
  });

  it('answers a body that is not JSON with the general message', async () => {
    const res = await call(getCtx().app, 'POST', '/api/audit-events', {
      token: await tokenOf('staff'),
      body: 'not json',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(res.body).toEqual(failure('VALIDATION_ERROR', MESSAGES.malformed));
  });
});
