import { PASSWORD_POLICY_MESSAGE } from '@clinic/sync-protocol';
import { describe, expect, it } from 'vitest';
import { listAudit } from '../audit/audit.repository';
import { LOCKOUT } from '../auth/lockout.repository';
import { call, describeEachDatabase, failure, login, loginRaw } from '../test/harness';

const FORBIDDEN = failure('FORBIDDEN', 'この操作を実行する権限がありません');
const CONFLICT = failure('CONFLICT', 'このユーザー名またはメールアドレスは既に使用されています');
const newUser = {
  username: 'Nurse_01',
  email: ' Nurse01@Clinic.Local ',
  password: 'nurse-password-123',
  role: 'staff',
};

describeEachDatabase('user management', (getCtx) => {
  const adminToken = async () =>
    (await login(getCtx().app, getCtx().admin.username, getCtx().admin.password)).accessToken;
  const userCount = async () =>
    (await getCtx().db.selectFrom('users').select('id').where('deleted', '=', 0).execute()).length;

  for (const base of ['/api/users', '/api/auth/users']) {
    describe(base, () => {
      it('lists users without password hashes, with their lock', async () => {
        const res = await call(getCtx().app, 'GET', base, { token: await adminToken() });
        expect(res.status).toBe(200);
        expect(res.body.data.map((u: { username: string }) => u.username).sort()).toEqual(['admin', 'staff1']);
        for (const user of res.body.data) {
          expect(Object.keys(user).sort()).toEqual([
            'created_at',
            'display_name',
            'email',
            'id',
            'last_login',
            'locked_until',
            'role',
            'treats',
            'username',
          ]);
          expect(user.locked_until).toBeNull();
        }
      });

      it('creates, updates and deletes a user, each audited', async () => {
        const { app, db, admin } = getCtx();
        const token = await adminToken();
        const created = await call(app, 'POST', base, { token, body: newUser });
        expect(created.status).toBe(201);
        expect(created.body.data).toMatchObject({
          username: 'nurse_01',
          email: 'nurse01@clinic.local',
          role: 'staff',
          last_login: null,
        });
        const id: string = created.body.data.id;
        await login(app, 'nurse_01', newUser.password);

        const updated = await call(app, 'PUT', `${base}/${id}`, {
          token,
          body: { email: 'nurse.one@clinic.local', password: '' },
        });
        expect(updated.status).toBe(200);
        expect(updated.body.data).toMatchObject({ id, email: 'nurse.one@clinic.local', username: 'nurse_01' });
        await login(app, 'nurse.one@clinic.local', newUser.password); // an empty password means "unchanged"

        const deleted = await call(app, 'DELETE', `${base}/${id}`, { token });
        expect(deleted.status).toBe(200);
        expect(deleted.body.data).toEqual({ id });
        expect((await loginRaw(app, 'nurse_01', newUser.password)).status).toBe(401);
        expect(await userCount()).toBe(2);

        const audit = await listAudit(db, { entityId: id });
        expect(audit.map((r) => r.action).filter((a) => a.startsWith('user_'))).toEqual([
          'user_create',
          'user_update',
          'user_delete',
        ]);
        expect(audit.find((r) => r.action === 'user_create')).toMatchObject({ user_id: admin.id, username: 'admin' });
        expect(JSON.parse(audit.find((r) => r.action === 'user_update')!.detail!)).toEqual({
          changed: ['email'],
          passwordChanged: false,
        });
      });
    });
  }

  it('answers staff with 403 and the Japanese message, and changes nothing', async () => {
    const { app, staff, admin } = getCtx();
    const { accessToken: token } = await login(app, staff.username, staff.password);
    for (const [method, path, body] of [
      ['GET', '/api/users'],
      ['POST', '/api/users', newUser],
      ['PUT', `/api/users/${admin.id}`, { role: 'staff' }],
      ['DELETE', `/api/users/${admin.id}`],
      ['GET', '/api/auth/users'],
    ] as const) {
      const res = await call(app, method, path, { token, body });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
    expect(await userCount()).toBe(2);
    expect((await call(app, 'GET', '/api/users')).status).toBe(401);
  });

  it('keeps a Japanese display name beside the sign-in user name, shown at sign-in and changed or cleared (issue 38)', async () => {
    const { app } = getCtx();
    const token = await adminToken();
    const created = await call(app, 'POST', '/api/users', {
      token,
      body: { ...newUser, display_name: '  佐藤 花子 ' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ username: 'nurse_01', display_name: '佐藤 花子' });
    const id = (created.body.data as { id: string }).id;
    const signedIn = await login(app, 'nurse_01', newUser.password);
    expect(signedIn.user).toMatchObject({ username: 'nurse_01', display_name: '佐藤 花子' });
    // The user name stays the sign-in ID and keeps the spec's rule: a Japanese one is refused.
    const japaneseId = await call(app, 'POST', '/api/users', {
      token,
      body: { ...newUser, username: '佐藤', email: 'sato@clinic.local' },
    });
    expect(japaneseId.status).toBe(400);
    const tooLong = await call(app, 'PUT', `/api/users/${id}`, { token, body: { display_name: 'あ'.repeat(31) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toBe('表示名は30文字以内で入力してください');
    const cleared = await call(app, 'PUT', `/api/users/${id}`, { token, body: { display_name: '' } });
    expect(cleared.body.data).toMatchObject({ username: 'nurse_01', display_name: null });
    const listed = await call(app, 'GET', '/api/users', { token });
    expect((listed.body.data as { id: string; display_name: string | null }[]).find((u) => u.id === id)).toMatchObject({
      display_name: null,
    });
    const audit = await listAudit(getCtx().db, { entityId: id, action: 'user_update' });
    expect(audit.map((r) => JSON.parse(r.detail!).changed)).toEqual([['display_name']]);
  });

  it('refuses a duplicate user name or e-mail with 409', async () => {
    const { app, admin } = getCtx();
    const token = await adminToken();
    const byName = await call(app, 'POST', '/api/users', { token, body: { ...newUser, username: 'STAFF1' } });
    expect(byName.status).toBe(409);
    expect(byName.body).toEqual(CONFLICT);
    const byEmail = await call(app, 'POST', '/api/users', {
      token,
      body: { ...newUser, email: 'staff1@clinic.local' },
    });
    expect(byEmail.body).toEqual(CONFLICT);
    const rename = await call(app, 'PUT', `/api/users/${admin.id}`, { token, body: { username: 'staff1' } });
    expect(rename.status).toBe(409);
    expect(await userCount()).toBe(2);
  });

  it('lets a deleted user’s name be used again', async () => {
    const { app, staff } = getCtx();
    const token = await adminToken();
    expect((await call(app, 'DELETE', `/api/users/${staff.id}`, { token })).status).toBe(200);
    const again = await call(app, 'POST', '/api/users', {
      token,
      body: { ...newUser, username: 'staff1', email: 'staff1@clinic.local' },
    });
    expect(again.status).toBe(201);
    expect(again.body.data.id).not.toBe(staff.id);
  });

  it('rejects bad bodies with the exact message and changes nothing', async () => {
    const { app, staff } = getCtx();
    const token = await adminToken();
    const cases: [unknown, string][] = [
      [{ ...newUser, username: '' }, 'ユーザー名とメールアドレスは必須です'],
      [{ email: newUser.email, password: newUser.password }, 'ユーザー名とメールアドレスは必須です'],
      [{ ...newUser, username: 'a b' }, 'ユーザー名は3-20文字の英数字・アンダースコア・ハイフンで入力してください'],
      [{ ...newUser, email: 'not-an-address' }, '有効なメールアドレスを入力してください'],
      [{ ...newUser, password: undefined }, '新規ユーザーの場合、パスワードは必須です'],
      [{ ...newUser, password: 'weak' }, PASSWORD_POLICY_MESSAGE],
      [{ ...newUser, role: 'owner' }, '権限は staff または admin を指定してください'],
      [{ ...newUser, username: 42 }, 'ユーザー名とメールアドレスは必須です'],
      ['{"username": ', 'リクエストの形式が正しくありません'],
    ];
    for (const [body, message] of cases) {
      const res = await call(app, 'POST', '/api/users', { token, body });
      expect(res.status, message).toBe(400);
      expect(res.body).toEqual(failure('VALIDATION_ERROR', message));
    }
    const weak = await call(app, 'PUT', `/api/users/${staff.id}`, { token, body: { password: 'weak' } });
    expect(weak.body).toEqual(failure('VALIDATION_ERROR', PASSWORD_POLICY_MESSAGE));
    const notJson = await call(app, 'POST', '/api/users', {
      token,
      body: 'username=x',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(notJson.body).toEqual(failure('VALIDATION_ERROR', 'リクエストの形式が正しくありません'));
    expect(await userCount()).toBe(2);
    await login(app, staff.username, staff.password);
  });

  it('answers 404 for an unknown user', async () => {
    const token = await adminToken();
    const missing = failure('NOT_FOUND', 'ユーザーが見つかりません');
    expect(
      (await call(getCtx().app, 'PUT', `/api/users/${crypto.randomUUID()}`, { token, body: { role: 'admin' } })).body,
    ).toEqual(missing);
    const del = await call(getCtx().app, 'DELETE', `/api/users/${crypto.randomUUID()}`, { token });
    expect(del.status).toBe(404);
    expect(del.body).toEqual(missing);
  });

  it('shows a lock from failed logins until an admin unlocks the account, audited', async () => {
    const { app, db, staff, admin } = getCtx();
    const token = await adminToken();
    for (let i = 0; i < LOCKOUT.maxFailures; i++)
      expect((await loginRaw(app, staff.username, 'wrong-password-1')).status).toBe(401);
    expect((await loginRaw(app, staff.username, staff.password)).status).toBe(429);

    const lockedUntil = async () =>
      (await call(app, 'GET', '/api/users', { token })).body.data.find((u: { id: string }) => u.id === staff.id)
        .locked_until;
    const until: string = await lockedUntil();
    expect(new Date(until).getTime()).toBeGreaterThan(Date.now() + LOCKOUT.lockMs - 60_000);

    const unlocked = await call(app, 'POST', `/api/auth/users/${staff.id}/unlock`, { token });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.data).toMatchObject({ id: staff.id, username: 'staff1', locked_until: null });
    expect(await lockedUntil()).toBeNull();
    const row = await db
      .selectFrom('users')
      .select(['failed_login_count', 'first_failed_login_at', 'locked_until'])
      .where('id', '=', staff.id)
      .executeTakeFirstOrThrow();
    expect({ ...row, failed_login_count: Number(row.failed_login_count) }).toEqual({
      failed_login_count: 0,
      first_failed_login_at: null,
      locked_until: null,
    });
    await login(app, staff.username, staff.password);

    const audit = (await listAudit(db, { action: 'user_unlock' }))[0];
    expect(audit).toMatchObject({ user_id: admin.id, entity: 'user', entity_id: staff.id });
    expect(JSON.parse(audit!.detail!)).toEqual({ lockedUntil: until, failedLoginCount: 0 });
  });

  it('unlocks only for an admin, and only a known account', async () => {
    const { app, staff, admin } = getCtx();
    const { accessToken: staffToken } = await login(app, staff.username, staff.password);
    expect((await call(app, 'POST', `/api/users/${admin.id}/unlock`, { token: staffToken })).body).toEqual(FORBIDDEN);
    expect((await call(app, 'POST', `/api/users/${admin.id}/unlock`)).status).toBe(401);
    const missing = await call(app, 'POST', `/api/users/${crypto.randomUUID()}/unlock`, { token: await adminToken() });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(failure('NOT_FOUND', 'ユーザーが見つかりません'));
  });

  it('refuses to delete one’s own account', async () => {
    const { app, admin } = getCtx();
    const res = await call(app, 'DELETE', `/api/users/${admin.id}`, { token: await adminToken() });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(failure('VALIDATION_ERROR', '自分のアカウントは削除できません'));
    expect(await userCount()).toBe(2);
  });

  it('refuses to demote the last admin', async () => {
    const { app, admin } = getCtx();
    const res = await call(app, 'PUT', `/api/users/${admin.id}`, {
      token: await adminToken(),
      body: { role: 'staff' },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CONFLICT');
  });

  describe('ends the user’s sessions when', () => {
    const staffSession = async () => login(getCtx().app, getCtx().staff.username, getCtx().staff.password);
    const stillIn = async (accessToken: string) =>
      (await call(getCtx().app, 'GET', '/api/auth/me', { token: accessToken })).status === 200;

    it('the role changes (and the new role applies at once)', async () => {
      const { app, staff } = getCtx();
      const session = await staffSession();
      const token = await adminToken();
      const res = await call(app, 'PUT', `/api/users/${staff.id}`, { token, body: { role: 'admin' } });
      expect(res.body.data.role).toBe('admin');
      expect(await stillIn(session.accessToken)).toBe(false);
      const fresh = await staffSession();
      expect(fresh.user.role).toBe('admin');
      expect((await call(app, 'GET', '/api/users', { token: fresh.accessToken })).status).toBe(200);
    });

    it('the password is changed by an admin', async () => {
      const { app, staff } = getCtx();
      const session = await staffSession();
      await call(app, 'PUT', `/api/users/${staff.id}`, {
        token: await adminToken(),
        body: { password: 'another-password-99' },
      });
      expect(await stillIn(session.accessToken)).toBe(false);
      expect(
        (await call(app, 'POST', '/api/auth/refresh', { body: { refreshToken: session.refreshToken } })).status,
      ).toBe(401);
      await login(app, staff.username, 'another-password-99');
    });

    it('the user is deleted', async () => {
      const { app, staff } = getCtx();
      const session = await staffSession();
      await call(app, 'DELETE', `/api/users/${staff.id}`, { token: await adminToken() });
      expect(await stillIn(session.accessToken)).toBe(false);
    });

    it('but not when only the e-mail changes', async () => {
      const { app, staff } = getCtx();
      const session = await staffSession();
      await call(app, 'PUT', `/api/users/${staff.id}`, {
        token: await adminToken(),
        body: { email: 'new@clinic.local' },
      });
      expect(await stillIn(session.accessToken)).toBe(true);
    });
  });
});
