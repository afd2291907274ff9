import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../auth/session-store';
import { fakeServer } from '../test-utils/fake-server';
import { fail, jsonResponse, loginResponse, ok } from '../test-utils/fixtures';
import { renewRefused } from './bearer';
import { apiFetch } from './client';
import { fetchFile } from './files';
import { ignoreAnswer } from './http';

const file = (text: string) => () =>
  new Response(text, { status: 200, headers: { 'Content-Disposition': 'attachment; filename="log.json"' } });
const refreshed = (n: number) => () =>
  jsonResponse(200, ok(loginResponse({ accessToken: `access-${n}`, refreshToken: `refresh-${n}` })));
const expired = () => jsonResponse(401, fail('TOKEN_EXPIRED', 'トークンの有効期限が切れました'));
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

describe('apiFetch: the one request path for answers that are not JSON data (files, forms, uploads)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.start(loginResponse());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    sessionStore.end('logout');
  });

  it('sends the bearer token and reads the file with the name the server gave it', async () => {
    const calls = fakeServer(file('{"a":1}'));
    const got = await fetchFile('/android-logs/download/x.json');
    expect(got.fileName).toBe('log.json');
    expect(await got.blob.text()).toBe('{"a":1}');
    expect(calls).toMatchObject([{ url: '/api/android-logs/download/x.json', auth: 'Bearer access-1' }]);
  });

  it('refreshes once after TOKEN_EXPIRED and sends the same body again with the new token', async () => {
    const form = new FormData();
    form.set('image', new Blob(['x']), 'photo');
    const calls = fakeServer(expired, refreshed(2), () => jsonResponse(200, ok(null)));
    await apiFetch('/face-analysis/analyze', { method: 'POST', body: form }, ignoreAnswer);
    expect(calls.map((c) => [c.url, c.auth])).toEqual([
      ['/api/face-analysis/analyze', 'Bearer access-1'],
      ['/api/auth/refresh', null],
      ['/api/face-analysis/analyze', 'Bearer access-2'],
    ]);
    expect(calls[2]?.body).toBe(form);
    expect(sessionStore.get()?.refreshToken).toBe('refresh-2');
  });

  it('refreshes only once: refused again, it ends the session with ログインが必要です', async () => {
    const calls = fakeServer(expired, refreshed(2), expired);
    await expect(fetchFile('/audit-log/export.csv')).rejects.toMatchObject({
      kind: 'auth',
      status: 401,
      message: 'ログインが必要です',
    });
    expect(calls).toHaveLength(3);
    expect(sessionStore.getState()).toEqual({ session: null, endReason: 'unauthorized' });
  });

  it.each([
    [
      'a Japanese reason for a 404',
      () => jsonResponse(404, fail('NOT_FOUND', 'ログが見つかりません')),
      { kind: 'notFound', status: 404, message: 'ログが見つかりません' },
    ],
    [
      'a 500',
      () => jsonResponse(500, fail('INTERNAL_ERROR', 'boom')),
      { kind: 'server', status: 500, message: 'サーバー内部エラーが発生しました' },
    ],
    [
      'a 503 without a body',
      () => new Response(null, { status: 503 }),
      { kind: 'server', status: 503, message: 'サーバーが一時的に利用できません' },
    ],
    ['no answer at all', offline, { kind: 'network', status: null, message: 'ネットワークエラーが発生しました' }],
  ] as const)('words %s in Japanese (spec 8), keeping the status', async (_name, answer, expected) => {
    fakeServer(answer);
    await expect(fetchFile('/android-logs/download/x.json')).rejects.toMatchObject(expected);
  });

  it('times out after 30 s also when the answer stops halfway through its body', async () => {
    vi.useFakeTimers();
    fakeServer(
      ({ init }) =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('{"partial":'));
              init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
            },
          }),
          { status: 200 },
        ),
    );
    let settled = false;
    const request = fetchFile('/media/x/file').finally(() => (settled = true));
    const outcome = expect(request).rejects.toMatchObject({ kind: 'timeout', message: '通信がタイムアウトしました' });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });

  it('sends no token when asked not to (the device logs, spec 6), and a 401 then leaves the session alone', async () => {
    const calls = fakeServer(() => jsonResponse(401, fail('UNAUTHORIZED', null)));
    await expect(
      apiFetch('/pwa-operations/log', { method: 'POST', auth: false, body: '{}' }, ignoreAnswer),
    ).rejects.toMatchObject({ status: 401 });
    expect(calls[0]?.auth).toBeNull();
    expect(sessionStore.get()).not.toBeNull();
  });
});

describe('renewRefused: the refresh for a library that sends its own requests (tus uploads)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.start(loginResponse());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.end('logout');
  });

  it('refreshes the refused token, so the retry goes with the new one', async () => {
    const calls = fakeServer(refreshed(2));
    await expect(renewRefused('Bearer access-1')).resolves.toBe(true);
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/refresh']);
    expect(sessionStore.get()?.accessToken).toBe('access-2');
  });

  it('says no, and ends the session, when the refresh is refused', async () => {
    fakeServer(() => jsonResponse(401, fail('UNAUTHORIZED', null)));
    await expect(renewRefused('Bearer access-1')).resolves.toBe(false);
    expect(sessionStore.getState().endReason).toBe('unauthorized');
  });

  it('says no, keeping the session, when the server cannot be reached', async () => {
    fakeServer(offline);
    await expect(renewRefused('Bearer access-1')).resolves.toBe(false);
    expect(sessionStore.get()).not.toBeNull();
  });
});
