import { PASSWORD_POLICY_MESSAGE } from '@clinic/sync-protocol';
import { expect, it } from 'vitest';
import { listAudit } from '../audit/audit.repository';
import { call, describeEachDatabase, failure, login, loginRaw } from '../test/harness';

describeEachDatabase('PUT /api/auth/change-password', (getCtx) => {
  const change = (token: string, body: unknown) => call(getCtx().app, 'PUT', '/api/auth/change-password', { token, body });
  const hashOf = async (id: string) =>
    (await getCtx().db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash;

  it('refuses a wrong current password and changes nothing', async () => {
    const { app, staff } = getCtx();
    const { accessToken } = await login(app, staff.username, staff.password);
    const before = await hashOf(staff.id);
    const res = await change(accessToken, { currentPassword: 'wrong-password-1', newPassword: 'a-brand-new-password' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(failure('VALIDATION_ERROR', '現在のパスワードが正しくありません'));
    expect(await hashOf(staff.id)).toBe(before);
  });

  it('refuses a weak new password with the policy message', async () => {
    const { app, staff } = getCtx();
    const { accessToken } = await login(app, staff.username, staff.password);
    const before = await hashOf(staff.id);
    const res = await change(accessToken, { currentPassword: staff.password, newPassword: 'short1!' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(failure('VALIDATION_ERROR', PASSWORD_POLICY_MESSAGE));
    const missing = await change(accessToken, { newPassword: 'a-brand-new-password' });
    expect(missing.body.message).toBe('現在のパスワードを入力してください');
    expect(await hashOf(staff.id)).toBe(before);
  });

  it('needs a login', async () => {
    const res = await call(getCtx().app, 'PUT', '/api/auth/change-password', { body: { currentPassword: 'x', newPassword: 'y' } });
    expect(res.status).toBe(401);
  });

  it('changes it, ends the other sessions and keeps this one', async () => {
    const { app, db, staff } = getCtx();
    const other = await login(app, staff.username, staff.password);
    const current = await login(app, staff.username, staff.password);
    const res = await change(current.accessToken, { currentPassword: staff.password, newPassword: 'a-brand-new-password' });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);

    expect((await call(app, 'GET', '/api/auth/me', { token: current.accessToken })).status).toBe(200);
    expect((await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: current.refreshToken } })).status).toBe(200);
    expect((await call(app, 'GET', '/api/auth/me', { token: other.accessToken })).status).toBe(401);
    expect((await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: other.refreshToken } })).status).toBe(401);

    expect((await loginRaw(app, staff.username, staff.password)).status).toBe(401);
    await login(app, staff.username, 'a-brand-new-password');
    expect((await listAudit(db, { action: 'password_change' })).map((r) => r.user_id)).toEqual([staff.id]);
  });
});
