import { PROTOCOL_VERSION } from '@clinic/sync-protocol';
import { expect, it } from 'vitest';
import { call, describeEachDatabase, login } from '../test/harness';
import { TEST_HASH_COST } from '../test/harness';
import { syncCall } from '../sync/sync-test-helpers';

describeEachDatabase('who may sign in on a tablet (issue 34)', (getCtx) => {
  const ask = async (token: string, signers: string[]) => {
    const body = { protocolVersion: PROTOCOL_VERSION, clientId: crypto.randomUUID(), cookie: 0, signers };
    const res = await syncCall(getCtx().app, '/api/sync/pull', token, body);
    expect(res.status).toBe(200);
    return res.body.data.signers as { id: string; stamp: string }[];
  };

  it('gives a stamp with each login and refresh, the same until the password changes', async () => {
    const { app, staff } = getCtx();
    const first = await login(app, staff.username, staff.password);
    expect(first.signInStamp).toMatch(/^[\w-]{22}$/);
    expect(first.signInStamp).not.toContain(staff.password);
    const again = await login(app, staff.username, staff.password);
    expect(again.signInStamp).toBe(first.signInStamp);
    const refreshed = await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: again.refreshToken } });
    expect(refreshed.body.data.signInStamp).toBe(first.signInStamp);

    const changed = await call(app, 'PUT', '/api/auth/change-password', {
      token: again.accessToken,
      body: { currentPassword: staff.password, newPassword: 'a-brand-new-password' },
    });
    expect(changed.status).toBe(200);
    const after = await login(app, staff.username, 'a-brand-new-password');
    expect(after.signInStamp).not.toBe(first.signInStamp);
  });

  it("changes the stamp when an administrator resets someone's password or role, not when a login rehashes it", async () => {
    const { app, db, admin, staff } = getCtx();
    const before = (await login(app, staff.username, staff.password)).signInStamp;
    // A hash of an older cost is made again at the next login: the same password, the same stamp.
    const weaker = { ...TEST_HASH_COST, N: TEST_HASH_COST.N / 2 };
    const { hashPassword } = await import('./password');
    await db
      .updateTable('users')
      .set({ password_hash: await hashPassword(staff.password, weaker) })
      .where('id', '=', staff.id)
      .execute();
    expect((await login(app, staff.username, staff.password)).signInStamp).toBe(before);

    const { accessToken } = await login(app, admin.username, admin.password);
    const reset = await call(app, 'PUT', `/api/users/${staff.id}`, {
      token: accessToken,
      body: { password: 'reset-by-the-admin-1' },
    });
    expect(reset.status).toBe(200);
    const afterReset = (await login(app, staff.username, 'reset-by-the-admin-1')).signInStamp;
    expect(afterReset).not.toBe(before);
    await call(app, 'PUT', `/api/users/${staff.id}`, { token: accessToken, body: { role: 'admin' } });
    expect((await login(app, staff.username, 'reset-by-the-admin-1')).signInStamp).not.toBe(afterReset);
  });

  it('answers a pull with those of the asked people who may still sign in; a deleted one is left out', async () => {
    const { app, admin, staff } = getCtx();
    const staffLogin = await login(app, staff.username, staff.password);
    const { accessToken, signInStamp } = await login(app, admin.username, admin.password);
    const stranger = crypto.randomUUID();
    expect(await ask(accessToken, [staff.id, admin.id, stranger])).toEqual(
      expect.arrayContaining([
        { id: staff.id, stamp: staffLogin.signInStamp },
        { id: admin.id, stamp: signInStamp },
      ]),
    );
    expect(await ask(accessToken, [staff.id, admin.id, stranger])).toHaveLength(2);
    expect((await call(app, 'DELETE', `/api/users/${staff.id}`, { token: accessToken })).status).toBe(200);
    expect(await ask(accessToken, [staff.id, admin.id])).toEqual([{ id: admin.id, stamp: signInStamp }]);
  });

  it('says nothing of signers to a pull that asks about none, and refuses a list too long', async () => {
    const { app, admin } = getCtx();
    const { accessToken } = await login(app, admin.username, admin.password);
    const plain = await syncCall(app, '/api/sync/pull', accessToken, {
      protocolVersion: PROTOCOL_VERSION,
      clientId: crypto.randomUUID(),
      cookie: 0,
    });
    expect(plain.body.data).not.toHaveProperty('signers');
    const tooMany = Array.from({ length: 101 }, () => crypto.randomUUID());
    const refused = await call(app, 'POST', '/api/sync/pull', {
      token: accessToken,
      body: { protocolVersion: PROTOCOL_VERSION, clientId: crypto.randomUUID(), cookie: 0, signers: tooMany },
    });
    expect(refused.status).toBe(400);
  });
});
