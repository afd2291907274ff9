import { sign } from 'hono/jwt';
import { afterEach, expect, it, vi } from 'vitest';
import { listAudit } from '../audit/audit.repository';
import { MINUTE, advance, call, describeEachDatabase, failure, login, testConfig, useFakeDate } from '../test/harness';

const UNAUTHORIZED = failure('UNAUTHORIZED', 'ログインが必要です');
const EXPIRED = failure('TOKEN_EXPIRED', 'ログインの有効期限が切れました');

describeEachDatabase('tokens and sessions', (getCtx) => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const refresh = (refreshToken: unknown) =>
    call(getCtx().app, 'POST', '/api/auth/refresh', { body: { refreshToken } });
  const me = (token: string) => call(getCtx().app, 'GET', '/api/auth/me', { token });

  it('GET /api/auth/me answers the user; without or with a bad token 401', async () => {
    const { app, staff } = getCtx();
    const { accessToken } = await login(app, staff.username, staff.password);
    const ok = await me(accessToken);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ id: staff.id, username: 'staff1', role: 'staff' });
    expect(ok.body.data).not.toHaveProperty('password_hash');

    const none = await call(app, 'GET', '/api/auth/me');
    expect(none.status).toBe(401);
    expect(none.body).toEqual(UNAUTHORIZED);
    expect((await me(`${accessToken}x`)).body).toEqual(UNAUTHORIZED);
  });

  it('refuses a token signed with another secret or another algorithm', async () => {
    const { app, staff } = getCtx();
    const { accessToken } = await login(app, staff.username, staff.password);
    const [, payload] = accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect((await me(await sign(claims, 'another-secret-another-secret-xx', 'HS256'))).body).toEqual(UNAUTHORIZED);
    expect((await me(await sign(claims, testConfig.tokenSecret, 'HS512'))).body).toEqual(UNAUTHORIZED);
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    expect((await me(none)).body).toEqual(UNAUTHORIZED);
  });

  it('POST /api/auth/verify-token', async () => {
    const { app, admin } = getCtx();
    const { accessToken } = await login(app, admin.username, admin.password);
    const res = await call(app, 'POST', '/api/auth/verify-token', { token: accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ valid: true, user: { id: admin.id } });
    expect((await call(app, 'POST', '/api/auth/verify-token')).status).toBe(401);
  });

  it('rotates refresh tokens; reusing an old one ends the session', async () => {
    const { app, db, staff } = getCtx();
    const first = await login(app, staff.username, staff.password);
    const second = await refresh(first.refreshToken);
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ user: { id: staff.id }, accessTokenExpiresIn: 900 });
    expect(second.body.data.refreshToken).not.toBe(first.refreshToken);
    expect((await me(second.body.data.accessToken)).status).toBe(200);

    const reuse = await refresh(first.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual(UNAUTHORIZED);
    // The whole session is gone: its newest access and refresh tokens too.
    expect((await me(second.body.data.accessToken)).body).toEqual(UNAUTHORIZED);
    expect((await me(first.accessToken)).body).toEqual(UNAUTHORIZED);
    expect((await refresh(second.body.data.refreshToken)).status).toBe(401);
    const session = await db.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
    expect(session.revoke_reason).toBe('refresh_reuse');
    expect((await listAudit(db, { action: 'refresh_reuse' })).length).toBe(1);
  });

  it('refuses an unknown or missing refresh token', async () => {
    expect((await refresh('not-a-real-token')).body).toEqual(UNAUTHORIZED);
    const missing = await call(getCtx().app, 'POST', '/api/auth/refresh', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual(failure('VALIDATION_ERROR', 'リフレッシュトークンがありません'));
  });

  it('an access token expires after 15 minutes; refresh still works', async () => {
    const { app, staff } = getCtx();
    useFakeDate();
    const first = await login(app, staff.username, staff.password);
    advance(14 * MINUTE);
    expect((await me(first.accessToken)).status).toBe(200);
    advance(1 * MINUTE + 1000);
    const expired = await me(first.accessToken);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual(EXPIRED);
    const next = await refresh(first.refreshToken);
    expect(next.status).toBe(200);
    expect(next.body.data.expiresIn).toBe(43200 - 15 * 60 - 1);
    expect((await me(next.body.data.accessToken)).status).toBe(200);
  });

  it('a session ends 12 hours after login, however often it was refreshed', async () => {
    const { app, staff } = getCtx();
    useFakeDate();
    let tokens = await login(app, staff.username, staff.password);
    for (let hour = 0; hour < 11; hour++) {
      advance(60 * MINUTE);
      const next = await refresh(tokens.refreshToken);
      expect(next.status).toBe(200);
      tokens = next.body.data;
    }
    advance(50 * MINUTE); // 11 h 50 min: the access token is capped at the session's end
    expect(tokens.accessTokenExpiresIn).toBe(900);
    const last = await refresh(tokens.refreshToken);
    expect(last.body.data.expiresIn).toBe(10 * 60);
    expect(last.body.data.accessTokenExpiresIn).toBe(10 * 60);
    advance(10 * MINUTE + 1000);
    expect((await refresh(last.body.data.refreshToken)).body).toEqual(UNAUTHORIZED);
    expect((await me(last.body.data.accessToken)).status).toBe(401);
  });

  it('checks the session row on every request, not only the token', async () => {
    const { app, db, staff } = getCtx();
    const { accessToken } = await login(app, staff.username, staff.password);
    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await me(accessToken)).body).toEqual(UNAUTHORIZED);
  });

  it('logout revokes the session at once', async () => {
    const { app, db, staff } = getCtx();
    const tokens = await login(app, staff.username, staff.password);
    const out = await call(app, 'POST', '/api/auth/logout', { token: tokens.accessToken });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, data: null, error: null, message: null, code: null });
    expect((await me(tokens.accessToken)).body).toEqual(UNAUTHORIZED);
    expect((await refresh(tokens.refreshToken)).status).toBe(401);
    expect((await call(app, 'POST', '/api/auth/logout')).status).toBe(401);
    expect((await listAudit(db, { action: 'logout' })).length).toBe(1);
  });

  it('one session ending leaves the same user’s other sessions alone', async () => {
    const { app, staff } = getCtx();
    const tablet = await login(app, staff.username, staff.password);
    const desk = await login(app, staff.username, staff.password);
    await call(app, 'POST', '/api/auth/logout', { token: tablet.accessToken });
    expect((await me(desk.accessToken)).status).toBe(200);
  });
});
