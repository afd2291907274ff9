import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listAudit } from '../audit/audit.repository';
import { loginKey } from './login-key';
import { hashPassword, verifyPassword } from './password';
import { verifyAccessToken } from './tokens';
import {
  MINUTE,
  TEST_HASH_COST,
  advance,
  call,
  describeEachDatabase,
  failure,
  login,
  loginRaw,
  testConfig,
  useFakeDate,
} from '../test/harness';

const INVALID = failure('INVALID_CREDENTIALS', 'ユーザー名（メールアドレス）またはパスワードが正しくありません');
const LOCKED = failure('TOO_MANY_LOGIN_ATTEMPTS', 'ログイン試行回数が上限を超えました。15分後に再試行してください。');

describeEachDatabase('POST /api/auth/login', (getCtx) => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('logs in by user name and returns user, tokens and both lifetimes', async () => {
    const { app, admin } = getCtx();
    const { status, body } = await loginRaw(app, admin.username, admin.password);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, error: null, message: null, code: null });
    expect(body.data).toMatchObject({
      user: { id: admin.id, username: 'admin', email: 'admin@clinic.local', role: 'admin' },
      expiresIn: 43200,
      accessTokenExpiresIn: 900,
    });
    expect(body.data.user.last_login).toEqual(expect.any(String));
    expect(body.data.user).not.toHaveProperty('password_hash');
    const claims = await verifyAccessToken(body.data.accessToken, testConfig.tokenSecret);
    expect(claims).toMatchObject({ sub: admin.id, role: 'admin' });
    expect(body.data.refreshToken).toMatch(/^[\w-]{40,}$/);
  });

  it('logs in by e-mail typed with capitals and spaces', async () => {
    const { app, staff } = getCtx();
    const data = await login(app, '  STAFF1@Clinic.Local ', staff.password);
    expect(data.user.username).toBe('staff1');
  });

  it('updates last_login', async () => {
    const { app, db, staff } = getCtx();
    useFakeDate('2026-11-22T09:00:00.000Z');
    await login(app, staff.username, staff.password);
    const row = await db.selectFrom('users').select('last_login').where('id', '=', staff.id).executeTakeFirstOrThrow();
    expect(row.last_login).toBe('2026-11-22T09:00:00.000Z');
  });

  it('refuses a wrong password and an unknown user with the same answer', async () => {
    const { app, staff } = getCtx();
    const wrong = await loginRaw(app, staff.username, 'not-the-password-1');
    const unknown = await loginRaw(app, 'nobody', 'whatever-password-1');
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body).toEqual(INVALID);
    expect(unknown.body).toEqual(INVALID);
  });

  it('rejects a bad body with the schema message and creates no session', async () => {
    const { app, db } = getCtx();
    const missing = await call(app, 'POST', '/api/auth/login', { body: { password: 'x' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual(failure('VALIDATION_ERROR', 'ユーザー名またはメールアドレスを入力してください'));
    const badId = await call(app, 'POST', '/api/auth/login', { body: { email: 'a b', password: 'x' } });
    expect(badId.body.message).toBe('有効なユーザー名（3-20文字）またはメールアドレスを入力してください');
    const noPassword = await call(app, 'POST', '/api/auth/login', { body: { email: 'admin', password: '' } });
    expect(noPassword.body.message).toBe('パスワードを入力してください');
    const wrongType = await call(app, 'POST', '/api/auth/login', { body: { email: 'admin', password: 12345 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toBe('パスワードを入力してください');
    const sessions = await db.selectFrom('sessions').selectAll().execute();
    expect(sessions).toEqual([]);
  });

  it('hashes a password stored at an older cost again at today’s, on the next successful login only', async () => {
    const { app, db, staff } = getCtx();
    const hashOf = async () =>
      (await db.selectFrom('users').select('password_hash').where('id', '=', staff.id).executeTakeFirstOrThrow())
        .password_hash;
    const older = await hashPassword(staff.password, { N: 512, r: 8, p: 1 });
    await db.updateTable('users').set({ password_hash: older }).where('id', '=', staff.id).execute();

    expect((await loginRaw(app, staff.username, 'wrong-password-1')).status).toBe(401);
    expect(await hashOf()).toBe(older); // a wrong password proves nothing and changes nothing

    await login(app, staff.username, staff.password);
    const upgraded = await hashOf();
    const { N, r, p } = TEST_HASH_COST;
    expect(upgraded.startsWith(`scrypt$${N}$${r}$${p}$`)).toBe(true);
    expect(await verifyPassword(staff.password, upgraded)).toBe(true);
    // Already at today's cost: the next login leaves it alone.
    await login(app, staff.username, staff.password);
    expect(await hashOf()).toBe(upgraded);
  });

  describe('lockout', () => {
    it('locks after 5 failures in 15 minutes, answering alike for right and wrong passwords', async () => {
      const { app, staff } = getCtx();
      useFakeDate();
      for (let i = 0; i < 5; i++) {
        const attempt = await loginRaw(app, staff.username, `wrong-password-${i}`);
        expect(attempt.body).toEqual(INVALID); // the 5th still says invalid, and locks
        advance(MINUTE);
      }
      const right = await loginRaw(app, staff.username, staff.password);
      const wrong = await loginRaw(app, staff.email, 'wrong-password-x');
      expect(right.status).toBe(429);
      expect(right.body).toEqual(LOCKED);
      expect(wrong.status).toBe(429);
      expect(wrong.body).toEqual(LOCKED);
    });

    it('answers an unknown name exactly as a real account: locked after five failures', async () => {
      const { app, staff } = getCtx();
      useFakeDate();
      const answers = async (id: string) => {
        const seen = [];
        for (let i = 0; i < 6; i++) {
          const { status, body } = await loginRaw(app, id, `wrong-password-${i}`);
          seen.push([status, body]);
          advance(MINUTE);
        }
        return seen;
      };
      const real = await answers(staff.username);
      expect(real.at(-1)).toEqual([429, LOCKED]);
      // The same statuses, codes and messages, attempt by attempt, whether or not the name exists.
      expect(await answers('nobody-here')).toEqual(real);
      expect(await answers('  NoBody@Example.JP ')).toEqual(real);
      // Locked for the same 15 minutes (the fifth failure was 2 minutes ago); other names are not.
      expect((await loginRaw(app, 'someone-else', 'wrong-password-1')).body).toEqual(INVALID);
      advance(12 * MINUTE);
      expect((await loginRaw(app, 'nobody@example.jp', 'wrong-password-1')).body).toEqual(LOCKED);
      advance(1 * MINUTE + 1000);
      expect((await loginRaw(app, 'nobody@example.jp', 'wrong-password-1')).body).toEqual(INVALID);
    });

    it('unlocks after 15 minutes and then starts counting afresh', async () => {
      const { app, staff } = getCtx();
      useFakeDate();
      for (let i = 0; i < 5; i++) await loginRaw(app, staff.username, 'wrong-password-1');
      advance(14 * MINUTE);
      expect((await loginRaw(app, staff.username, staff.password)).status).toBe(429);
      advance(1 * MINUTE + 1000);
      await login(app, staff.username, staff.password);
      // The success reset the counter: four more failures do not lock.
      for (let i = 0; i < 4; i++) expect((await loginRaw(app, staff.username, 'wrong-password-1')).status).toBe(401);
      await login(app, staff.username, staff.password);
    });

    it('does not lock when the failures are spread over more than 15 minutes', async () => {
      const { app, staff } = getCtx();
      useFakeDate();
      for (let i = 0; i < 4; i++) {
        expect((await loginRaw(app, staff.username, 'wrong-password-1')).status).toBe(401);
        advance(4 * MINUTE);
      }
      // 16 minutes after the first failure: a new window begins, so this is failure 1, not 5.
      expect((await loginRaw(app, staff.username, 'wrong-password-1')).status).toBe(401);
      await login(app, staff.username, staff.password);
    });

    it('a success before the fifth failure resets the count', async () => {
      const { app, staff } = getCtx();
      for (let i = 0; i < 4; i++) await loginRaw(app, staff.username, 'wrong-password-1');
      await login(app, staff.username, staff.password);
      for (let i = 0; i < 4; i++) await loginRaw(app, staff.username, 'wrong-password-1');
      await login(app, staff.username, staff.password);
    });

    it('locks one account only', async () => {
      const { app, staff, admin } = getCtx();
      for (let i = 0; i < 5; i++) await loginRaw(app, staff.username, 'wrong-password-1');
      await login(app, admin.username, admin.password);
    });
  });

  it('writes audit rows for success, failure and lockout', async () => {
    const { app, db, staff } = getCtx();
    await login(app, staff.username, staff.password);
    await loginRaw(app, 'ghost', 'wrong-password-1');
    for (let i = 0; i < 5; i++) await loginRaw(app, staff.username, 'wrong-password-1');
    await loginRaw(app, staff.username, staff.password);

    const rows = await listAudit(db);
    const actions = rows.map((r) => `${r.action}:${r.username}`);
    const ghost = loginKey(testConfig.tokenSecret, 'ghost');
    expect(actions).toEqual([
      'login_success:staff1',
      `login_failure:未登録のID（${ghost.slice(0, 8)}）`,
      ...Array(5).fill('login_failure:staff1'),
      'login_locked:staff1', // the fifth failure locks
      'login_locked:staff1', // the attempt refused while locked
    ]);
    expect(rows[0]).toMatchObject({ user_id: staff.id, entity: 'user', entity_id: staff.id });
    expect(rows[1]).toMatchObject({ user_id: null });
    expect(JSON.parse(rows[1]!.detail ?? '{}')).toEqual({ reason: 'unknown_user', loginKey: ghost });
  });

  it('never stores an ID that names no account as typed: a keyed hash ties its attempts together', async () => {
    const { app, db } = getCtx();
    useFakeDate();
    // A password typed into the ID field, five times (which locks it), then once more; and another ID.
    for (let i = 0; i < 6; i++) await loginRaw(app, 'My-Secret-Pass-26', 'wrong-password-1');
    await loginRaw(app, 'someone@example.jp', 'wrong-password-1');

    const rows = await listAudit(db);
    const stored = JSON.stringify([rows, await db.selectFrom('login_failures').selectAll().execute()]).toLowerCase();
    expect(stored).not.toContain('my-secret-pass-26');
    expect(stored).not.toContain('someone');
    // Not an unkeyed hash either, which a guesser could reverse by hashing likely passwords.
    expect(stored).not.toContain(createHash('sha256').update('my-secret-pass-26').digest('hex'));

    const secret = loginKey(testConfig.tokenSecret, 'my-secret-pass-26');
    const other = loginKey(testConfig.tokenSecret, 'someone@example.jp');
    expect(rows.map((r) => [r.action, r.username, JSON.parse(r.detail ?? '{}').loginKey])).toEqual([
      ...Array(5).fill(['login_failure', `未登録のID（${secret.slice(0, 8)}）`, secret]),
      ['login_locked', `未登録のID（${secret.slice(0, 8)}）`, secret],
      ['login_locked', `未登録のID（${secret.slice(0, 8)}）`, secret],
      ['login_failure', `未登録のID（${other.slice(0, 8)}）`, other],
    ]);
    expect(rows.every((r) => r.user_id === null && r.entity_id === null)).toBe(true);
  });
});
