import type { AuditLogPage } from '@clinic/sync-protocol/admin';
import { encodeDeviceName } from '@clinic/sync-protocol/settings';
import { expect, it } from 'vitest';
import { call, describeEachDatabase, login } from '../test/harness';
import { recordAudit } from './audit.repository';

const TABLET = '0f397b8b-1111-4222-8333-444455556666';

describeEachDatabase('device names in the access log', (getCtx) => {
  const tokenOf = async (who: 'admin' | 'staff') =>
    (await login(getCtx().app, getCtx()[who].username, getCtx()[who].password)).accessToken;
  /** A request from the tablet as the app sends it: its client id and its name beside the token. */
  const fromTablet = (token: string | undefined, name: string) =>
    call(getCtx().app, 'GET', '/api/customers', {
      ...(token ? { token } : {}),
      headers: { 'x-client-id': TABLET, 'x-device-name': encodeDeviceName(name) },
    });
  const tabletRow = async () => {
    await recordAudit(getCtx().db, {
      userId: getCtx().staff.id,
      username: 'staff1',
      action: 'customer.read',
      entity: 'customer',
      clientId: TABLET,
      ip: '::ffff:127.0.0.1',
    });
    const res = await call(getCtx().app, 'GET', '/api/audit-log?action=customer.read', {
      token: await tokenOf('admin'),
    });
    return (res.body.data as AuditLogPage).rows.find((row) => row.clientId === TABLET)!;
  };
  const csvLine = async () => {
    const res = await getCtx().app.request('/api/audit-log/export.csv?action=customer.read', {
      headers: { Authorization: `Bearer ${await tokenOf('admin')}` },
    });
    return (await res.text()).split('\r\n').find((line) => line.includes(TABLET))!;
  };

  it('shows a device by the name it sent with a logged-in request, in the list and the CSV', async () => {
    expect((await fromTablet(await tokenOf('staff'), '施術室1')).status).toBe(200);
    expect(await tabletRow()).toMatchObject({ clientId: TABLET, deviceName: '施術室1' });
    expect(await csvLine()).toContain(`,顧客の閲覧,顧客,,,,0,施術室1,${TABLET},::ffff:127.0.0.1`);
  });

  it('takes no name from a request without a login, nor an invalid one', async () => {
    await fromTablet(undefined, '偽の端末');
    await call(getCtx().app, 'GET', '/api/customers', {
      token: await tokenOf('staff'),
      headers: { 'x-client-id': TABLET, 'x-device-name': encodeDeviceName('あ'.repeat(21)) },
    });
    expect((await tabletRow()).deviceName).toBeNull();
    expect(await csvLine()).toContain(',名前のない端末（0f39…）,');
  });

  it('keeps the latest name, and forgets it when the name is cleared', async () => {
    const staff = await tokenOf('staff');
    await fromTablet(staff, '施術室1');
    await fromTablet(staff, '受付');
    expect((await tabletRow()).deviceName).toBe('受付');
    await fromTablet(staff, '');
    expect((await tabletRow()).deviceName).toBeNull();
  });
});
