import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { sessionStore } from '../auth/session-store';
import { fakeServer } from '../test-utils/fake-server';
import { fail, jsonResponse, loginResponse, ok, sentBody, staffUser } from '../test-utils/fixtures';
import { apiRequest } from './client';

const refreshed = (n: number) => () =>
  jsonResponse(200, ok(loginResponse({ accessToken: `access-${n}`, refreshToken: `refresh-${n}` })));

describe('apiRequest', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.start(loginResponse());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    sessionStore.end('logout');
  });

  it('sends the bearer token and parses data', async () => {
    const calls = fakeServer(() => jsonResponse(200, ok(staffUser)));
    const user = await apiRequest('/auth/me', { schema: z.object({ username: z.string() }) });
    expect(user.username).toBe('staff1');
    expect(calls[0]).toMatchObject({ url: '/api/auth/me', auth: 'Bearer access-1' });
  });

  it('refreshes once, silently, when the token is about to expire; concurrent calls share it', async () => {
    sessionStore.refreshed(loginResponse({ accessTokenExpiresIn: 30 }));
    const calls = fakeServer(
      refreshed(2),
      () => jsonResponse(200, ok(1)),
      () => jsonResponse(200, ok(2)),
    );
    const results = await Promise.all([
      apiRequest('/a', { schema: z.number() }),
      apiRequest('/b', { schema: z.number() }),
    ]);
    expect(results.sort()).toEqual([1, 2]);
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/refresh', '/api/a', '/api/b']);
    expect(JSON.parse(sentBody(calls[0]?.init))).toEqual({ refreshToken: 'refresh-1' });
    expect(calls.slice(1).map((c) => c.auth)).toEqual(['Bearer access-2', 'Bearer access-2']);
    expect(sessionStore.get()?.refreshToken).toBe('refresh-2');
  });

  it('refreshes and retries once after TOKEN_EXPIRED', async () => {
    const calls = fakeServer(
      () => jsonResponse(401, fail('TOKEN_EXPIRED', 'トークンの有効期限が切れました')),
      refreshed(3),
      () => jsonResponse(200, ok('done')),
    );
    await expect(apiRequest('/x', { schema: z.string() })).resolves.toBe('done');
    expect(calls.map((c) => c.auth)).toEqual(['Bearer access-1', null, 'Bearer access-3']);
  });

  it('ends the session when the refresh is refused', async () => {
    fakeServer(
      () => jsonResponse(401, fail('TOKEN_EXPIRED', null)),
      () => jsonResponse(401, fail('UNAUTHORIZED', null)),
    );
    await expect(apiRequest('/x', { schema: z.unknown() })).rejects.toMatchObject({
      kind: 'auth',
      message: 'ログインが必要です',
    });
    expect(sessionStore.getState()).toEqual({ session: null, endReason: 'unauthorized' });
    expect(localStorage.getItem('clinic.session')).toBeNull();
  });

  it('ends the session on any other 401', async () => {
    fakeServer(() => jsonResponse(401, fail('UNAUTHORIZED', null)));
    await expect(apiRequest('/x', { schema: z.unknown() })).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.getState().endReason).toBe('unauthorized');
  });

  it('keeps the session when a refresh fails for the network (offline)', async () => {
    sessionStore.refreshed(loginResponse({ accessTokenExpiresIn: 30 }));
    fakeServer(
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.reject(new TypeError('Failed to fetch')),
    );
    await expect(apiRequest('/x', { schema: z.unknown() })).rejects.toMatchObject({ kind: 'network' });
    expect(sessionStore.get()).not.toBeNull();
  });

  it('does not touch the session for calls made without auth (login)', async () => {
    fakeServer(() => jsonResponse(401, fail('INVALID_CREDENTIALS', 'x')));
    await expect(
      apiRequest('/auth/login', { method: 'POST', body: {}, auth: false, schema: z.unknown() }),
    ).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    expect(sessionStore.get()).not.toBeNull();
  });

  it('says clearly when an answer is not what the app expects (its schema refuses the data)', async () => {
    fakeServer(() => jsonResponse(200, ok({ username: 42 })));
    await expect(apiRequest('/auth/me', { schema: z.object({ username: z.string() }) })).rejects.toMatchObject({
      kind: 'unknown',
      code: 'UNEXPECTED_RESPONSE',
      status: 200,
      message: 'サーバーからの応答を読み取れませんでした。画面を再読み込みしてください',
    });
    expect(sessionStore.get()).not.toBeNull();
  });

  it('says the same of a 2xx that is not an envelope at all (a proxy page)', async () => {
    fakeServer(() => new Response('<html>gateway</html>', { status: 200 }));
    await expect(apiRequest('/x', { schema: z.unknown() })).rejects.toMatchObject({ code: 'UNEXPECTED_RESPONSE' });
  });

  it('times out after 30 s', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    let settled = false;
    const request = apiRequest('/slow', { schema: z.unknown() }).finally(() => (settled = true));
    const outcome = expect(request).rejects.toMatchObject({ kind: 'timeout', message: '通信がタイムアウトしました' });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });
});
