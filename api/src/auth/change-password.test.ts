import { PASSWORD_POLICY_MESSAGE } from '@clinic/sync-protocol';
import { afterEach, expect, it, vi } from 'vitest';
import { listAudit } from '../audit/audit.repository';
import { MINUTE, advance, call, describeEachDatabase, failure, login, loginRaw, useFakeDate } from '../test/harness';

const WRONG_CURRENT = failure('VALIDATION_ERROR', '現在のパスワードが正しくありません');
const LOCKED = failure('TOO_MANY_LOGIN_ATTEMPTS', 'ログイン試行回数が上限を超えました。15分後に再試行してください。');

describeEachDatabase('PUT /api/auth/change-password', (getCtx) => {
  const change = (token: string, body: unknown) =>
    call(getCtx().app, 'PUT', '/api/auth/change-password', { token, body });
  const hashOf = async (id: string) =>
    (await getCtx().db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow())
      .password_hash;

  it('refuses a wrong current password and changes nothing', async () => {
    const { app, staff } = getCtx();
    const { accessToken } = await login(app, staff.username, staff.password);
    const before = await hashOf(staff.id);
    const res = await change(accessToken, { currentPassword: 'wrong-password-1', newPassword: 'a-brand-new-password' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(WRONG_CURRENT);
    expect(await hashOf(staff.id)).toBe(before);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts wrong current passwords with the login lockout: 5 in 15 minutes lock the account, each audited', async () => {
    const { app, db, staff } = getCtx();
    useFakeDate();
    const { accessToken } = await login(app, staff.username, staff.password);
    const before = await hashOf(staff.id);
    const answers = [];
    for (let i = 0; i < 7; i++) {
      const res = await change(accessToken, {
        currentPassword: `wrong-password-${i}`,
        newPassword: 'a-brand-new-password',
      });
      answers.push([res.status, res.body]);
      advance(MINUTE);
    }
    // The fifth still says wrong, and locks; from then on the answer is the login's lockout.
    expect(answers).toEqual([...Array(5).fill([400, WRONG_CURRENT]), [429, LOCKED], [429, LOCKED]]);
    // Locked means locked everywhere: the right current password and a login are refused too.
    expect(
      (await change(accessToken, { currentPassword: staff.password, newPassword: 'a-brand-new-password' })).body,
    ).toEqual(LOCKED);
    expect((await loginRaw(app, staff.username, staff.password)).body).toEqual(LOCKED);
    expect(await hashOf(staff.id)).toBe(before);

    const rows = (await listAudit(db)).filter((r) => r.action !== 'login_success');
    expect(rows.map((r) => [r.action, r.user_id, JSON.parse(r.detail ?? '{}').reason ?? null])).toEqual([
      ...Array(5).fill(['password_change_failure', staff.id, 'wrong_current_password']),
      ['login_locked', staff.id, 'too_many_failures'],
      ['login_locked', staff.id, null],
      ['login_locked', staff.id, null],
      ['login_locked', staff.id, null],
      ['login_locked', staff.id, null], // the login
    ]);

    // After 15 minutes the right password works again (with a new login: the access token has expired).
    advance(15 * MINUTE);
    const again = await login(app, staff.username, staff.password);
    expect(
      (await change(again.accessToken, { currentPassword: staff.password, newPassword: 'a-brand-new-password' }))
        .status,
    ).toBe(200);
  });

  it('shares the count with logins, and a right current password clears it', async () => {
    const { app, staff } = getCtx();
    const { accessToken } = await login(app, staff.username, staff.password);
    for (let i = 0; i < 4; i++)
      await change(accessToken, { currentPassword: 'wrong-password-1', newPassword: 'a-brand-new-password' });
    expect(
      (await change(accessToken, { currentPassword: staff.password, newPassword: 'a-brand-new-password' })).status,
    ).toBe(200);
    // Four more failures after the success do not lock; a fifth login failure on top of the old four would have.
    for (let i = 0; i < 4; i++) expect((await loginRaw(app, staff.username, 'wrong-password-1')).status).toBe(401);
    await login(app, staff.username, 'a-brand-new-password');
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
    const res = await call(getCtx().app, 'PUT', '/api/auth/change-password', {
      body: { currentPassword: 'x', newPassword: 'y' },
    });
    expect(res.status).toBe(401);
  });

  it('changes it, ends the other sessions and keeps this one', async () => {
    const { app, db, staff } = getCtx();
    const other = await login(app, staff.username, staff.password);
    const current = await login(app, staff.username, staff.password);
    const res = await change(current.accessToken, {
      currentPassword: staff.password,
      newPassword: 'a-brand-new-password',
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);

    expect((await call(app, 'GET', '/api/auth/me', { token: current.accessToken })).status).toBe(200);
    expect(
      (await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: current.refreshToken } })).status,
    ).toBe(200);
    expect((await call(app, 'GET', '/api/auth/me', { token: other.accessToken })).status).toBe(401);
    expect((await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: other.refreshToken } })).status).toBe(
      401,
    );

    expect((await loginRaw(app, staff.username, staff.password)).status).toBe(401);
    await login(app, staff.username, 'a-brand-new-password');
    expect((await listAudit(db, { action: 'password_change' })).map((r) => r.user_id)).toEqual([staff.id]);
  });
});
