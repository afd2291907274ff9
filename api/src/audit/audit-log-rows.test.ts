import type { AuditLogPage, AuditLogRowView } from '@clinic/sync-protocol/admin';
import { encodeDeviceName } from '@clinic/sync-protocol/settings';
import { expect, it } from 'vitest';
import { mediaApp, mediaArgs, newCustomer, tusUpload, webm } from '../media/media-test-support';
import { CLIENT_TIME, makeCreate, pushOk } from '../sync/sync-test-helpers';
import { call, describeEachDatabase, login } from '../test/harness';

const TABLET = '0f397b8b-1111-4222-8333-444455556666';

/** The access log's rows as a person reads them (issue 38): when, who, and from which device. */
describeEachDatabase('the access log names the time a change was made, people and devices', (getCtx) => {
  const tokenOf = async (who: 'admin' | 'staff') =>
    (await login(getCtx().app, getCtx()[who].username, getCtx()[who].password)).accessToken;
  const rows = async (action: string): Promise<AuditLogRowView[]> => {
    const res = await call(getCtx().app, 'GET', `/api/audit-log?action=${action}`, { token: await tokenOf('admin') });
    return (res.body.data as AuditLogPage).rows;
  };

  it('shows when a change was made on the device, beside the later arrival, and only then', async () => {
    const { app, staff } = getCtx();
    const [late, now] = [crypto.randomUUID(), crypto.randomUUID()];
    const token = await tokenOf('staff');
    await pushOk(app, token, TABLET, [
      makeCreate(1, { id: late }),
      { ...makeCreate(2, { id: now }), clientTime: 'not a time' },
    ]);
    const created = await rows('customer.create');
    expect(created.find((r) => r.entityId === late)).toMatchObject({ userId: staff.id, madeAt: CLIENT_TIME });
    expect(created.find((r) => r.entityId === late)!.at).not.toBe(CLIENT_TIME);
    // A time the device did not give as one is not shown.
    expect(created.find((r) => r.entityId === now)).toMatchObject({ madeAt: null });
  });

  it('names people by their display name as it is now, the sender too', async () => {
    const { app, db, admin, staff } = getCtx();
    await db.updateTable('users').set({ display_name: '佐藤 花子' }).where('id', '=', admin.id).execute();
    await db.updateTable('users').set({ display_name: '鈴木 一郎' }).where('id', '=', staff.id).execute();
    const id = crypto.randomUUID();
    await pushOk(app, await tokenOf('staff'), TABLET, [{ ...makeCreate(1, { id }), authorId: admin.id }]);
    const [row] = (await rows('customer.create')).filter((r) => r.entityId === id);
    expect(row).toMatchObject({
      username: 'admin',
      displayName: '佐藤 花子',
      deliveredBy: { username: 'staff1', displayName: '鈴木 一郎' },
    });
  });

  it('names the device of every row a named tablet made: reads, uploads and their files', async () => {
    const t = await mediaApp(getCtx());
    try {
      const device = { 'x-client-id': TABLET, 'x-device-name': encodeDeviceName('施術室1') };
      const token = await tokenOf('staff');
      const read = await call(getCtx().app, 'GET', '/api/customers', { token, headers: device });
      expect(read.status).toBe(200);
      const customerId = await newCustomer(t);
      const file = webm(2_000);
      const args = mediaArgs(customerId, file, { kind: 'video', mime: 'video/webm' });
      await pushOk(t.app, token, TABLET, [{ id: 1, name: 'media.create', clientTime: args.capturedAt, args }]);
      // The tablet's upload carries its headers (tus-upload.ts), as every request of the app does.
      expect((await tusUpload({ ...t, token, headers: device }, args.id, file)).status).toBe(204);
      const [upload] = await rows('media.upload');
      expect(upload).toMatchObject({ entityId: args.id, clientId: TABLET, deviceName: '施術室1' });
      const reads = (await rows('customer.read')).filter((r) => r.userId === getCtx().staff.id);
      expect(reads.length).toBeGreaterThan(0);
      for (const row of reads) expect(row).toMatchObject({ clientId: TABLET, deviceName: '施術室1' });
    } finally {
      t.cleanup();
    }
  });
});
