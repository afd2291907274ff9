import { DEVICE_KEY_MESSAGES, deviceKeyResponseSchema } from '@clinic/sync-protocol';
import { expect, it } from 'vitest';
import { listAudit } from '../audit/audit.repository';
import { tokenOf } from '../sync/sync-test-helpers';
import { call, describeEachDatabase, failure, testConfig } from '../test/harness';
import { sealPlainDeviceKeys } from './device-keys.repository';
import { escrowKey, openEscrow } from './escrow-seal';
import { DEVICE_KEY_ACTIONS } from './device-keys.routes';

describeEachDatabase('device key escrow', (getCtx) => {
  const ask = (token: string | undefined, clientId: unknown) =>
    call(getCtx().app, 'POST', '/api/device-key', { token, body: { clientId } });
  const keyOf = async (token: string, clientId: string) => {
    const res = await ask(token, clientId);
    expect(res.body.error).toBeNull();
    expect(res.status).toBe(200);
    return deviceKeyResponseSchema.parse(res.body.data).key;
  };
  const revoke = (token: string, clientId: string) =>
    call(getCtx().app, 'DELETE', `/api/device-key/${clientId}`, { token });

  it('hands a tablet the same 32-byte key every time, to anyone signed in there', async () => {
    const { app, staff, admin } = getCtx();
    const tablet = crypto.randomUUID();
    const first = await keyOf(await tokenOf(app, staff), tablet);
    expect(Buffer.from(first, 'base64')).toHaveLength(32);
    expect(await keyOf(await tokenOf(app, admin), tablet)).toBe(first);
    expect(await keyOf(await tokenOf(app, staff), tablet)).toBe(first);
  });

  it('gives different tablets different keys', async () => {
    const { app, staff } = getCtx();
    const token = await tokenOf(app, staff);
    const a = await keyOf(token, crypto.randomUUID());
    const b = await keyOf(token, crypto.randomUUID());
    expect(a).not.toBe(b);
  });

  it('audits every hand-out: who, which tablet, whether the key was new, from which session', async () => {
    const { app, db, staff } = getCtx();
    const tablet = crypto.randomUUID();
    const token = await tokenOf(app, staff);
    await keyOf(token, tablet);
    await keyOf(token, tablet);
    const rows = await listAudit(db, { action: DEVICE_KEY_ACTIONS.issue });
    expect(rows.map((r) => [r.username, r.entity, r.entity_id, JSON.parse(r.detail!).created])).toEqual([
      ['staff1', 'device', tablet, true],
      ['staff1', 'device', tablet, false],
    ]);
    expect(rows[0]!.session_id).toEqual(expect.any(String));
    // The key itself is never written to the log.
    expect(JSON.stringify(rows)).not.toContain((await keyOf(token, tablet)).slice(0, 20));
  });

  it('keeps the key sealed in the database: a copy of it opens no tablet, and a moved row does not open', async () => {
    const { app, db, staff } = getCtx();
    const token = await tokenOf(app, staff);
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    const keyA = await keyOf(token, a);
    await keyOf(token, b);
    const rows = await db.selectFrom('device_keys').selectAll().execute();
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(keyA);
    expect(stored).not.toContain(Buffer.from(keyA, 'base64').toString('hex'));
    expect(rows.every((row) => row.key.startsWith('v1:'))).toBe(true);
    // Without the device-key secret the stored value is worth nothing; with it, it opens only for its own tablet.
    const row = rows.find((r) => r.client_id === a)!;
    expect(() => openEscrow(escrowKey('another-secret-0123456789-abcdefghijklmn'), a, row.key)).toThrow();
    expect(() => openEscrow(escrowKey(testConfig.tokenSecret), b, row.key)).toThrow();
    expect(openEscrow(escrowKey(testConfig.tokenSecret), a, row.key)).toBe(keyA);
  });

  it('seals a key an older server stored in clear, at start and when it is next asked for', async () => {
    const { app, db, staff } = getCtx();
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    const plain = (n: number) => Buffer.alloc(32, n).toString('base64');
    const at = new Date().toISOString();
    await db
      .insertInto('device_keys')
      .values([
        { client_id: a, key: plain(1), created_at: at, created_by: staff.id },
        { client_id: b, key: plain(2), created_at: at, created_by: staff.id },
      ])
      .execute();
    expect(await keyOf(await tokenOf(app, staff), a)).toBe(plain(1));
    expect(await sealPlainDeviceKeys(db, escrowKey(testConfig.tokenSecret))).toBe(1);
    const rows = await db.selectFrom('device_keys').select('key').execute();
    expect(rows.every((row) => row.key.startsWith('v1:'))).toBe(true);
    expect(await keyOf(await tokenOf(app, staff), b)).toBe(plain(2));
  });

  it('gives nothing to someone no longer on the staff', async () => {
    const { app, admin, staff } = getCtx();
    const staffToken = await tokenOf(app, staff);
    const adminToken = await tokenOf(app, admin);
    expect((await call(app, 'DELETE', `/api/users/${staff.id}`, { token: adminToken })).status).toBe(200);
    const refused = await ask(staffToken, crypto.randomUUID());
    expect(refused.status).toBe(401);
    expect(refused.body.data).toBeNull();
  });

  it('answers 401 without a sign-in, creating nothing', async () => {
    const { db } = getCtx();
    const res = await ask(undefined, crypto.randomUUID());
    expect(res.status).toBe(401);
    expect(await db.selectFrom('device_keys').selectAll().execute()).toEqual([]);
  });

  it('refuses a client id that is not a UUID with a Japanese message, before anything is stored', async () => {
    const { app, db, staff } = getCtx();
    const token = await tokenOf(app, staff);
    for (const bad of ['tablet-1', 'x'.repeat(900), 42, null]) {
      const res = await ask(token, bad);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(failure('VALIDATION_ERROR', DEVICE_KEY_MESSAGES.invalidClientId));
    }
    const revoked = await call(app, 'DELETE', '/api/device-key/not-a-uuid', {
      token: await tokenOf(app, getCtx().admin),
    });
    expect(revoked.body).toEqual(failure('VALIDATION_ERROR', DEVICE_KEY_MESSAGES.invalidClientId));
    expect(await db.selectFrom('device_keys').selectAll().execute()).toEqual([]);
    expect(await listAudit(db, { action: DEVICE_KEY_ACTIONS.issue })).toEqual([]);
  });

  it('refuses a body over its small limit', async () => {
    const { app, staff } = getCtx();
    const res = await call(app, 'POST', '/api/device-key', {
      token: await tokenOf(app, staff),
      body: { clientId: crypto.randomUUID(), padding: 'x'.repeat(2000) },
    });
    expect(res.status).toBe(413);
  });

  it('lets only an administrator revoke a tablet’s key', async () => {
    const { app, staff } = getCtx();
    const tablet = crypto.randomUUID();
    const token = await tokenOf(app, staff);
    const key = await keyOf(token, tablet);
    const res = await revoke(token, tablet);
    expect(res.status).toBe(403);
    expect(await keyOf(token, tablet)).toBe(key);
  });

  it('after a revocation (a lost tablet) hands out a NEW key, so the old one opens nothing, and audits it', async () => {
    const { app, db, staff, admin } = getCtx();
    const tablet = crypto.randomUUID();
    const staffToken = await tokenOf(app, staff);
    const old = await keyOf(staffToken, tablet);
    const res = await revoke(await tokenOf(app, admin), tablet);
    expect(res.body).toEqual({
      success: true,
      data: { clientId: tablet, revoked: true },
      error: null,
      message: null,
      code: null,
    });
    const fresh = await keyOf(staffToken, tablet);
    expect(fresh).not.toBe(old);
    const rows = await listAudit(db, { action: DEVICE_KEY_ACTIONS.revoke });
    expect(rows.map((r) => [r.username, r.entity_id, JSON.parse(r.detail!).revoked])).toEqual([
      ['admin', tablet, true],
    ]);
  });
});
