import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchUsers } from '../api/users-api';
import { sessionStore } from '../auth/session-store';
import { syncStatus } from '../sync/page-status';
import { adminUser, fail, jsonResponse, loginResponse, ok } from '../test-utils/fixtures';
import { onlineQueryClient } from './query-client';
import { useOnlineQuery } from './use-online-query';

const FAILED = 'ユーザー一覧の取得に失敗しました';
const users = [{ ...adminUser, locked_until: null, treats: false }];

/** The fake server's answers in turn (the last one repeats), and when (fake ms since the start) each call came. */
function serve(...answers: Array<(url: string, init: RequestInit) => Promise<Response>>) {
  const started = Date.now();
  const calls: number[] = [];
  const signals: AbortSignal[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push(Date.now() - started);
      signals.push(init.signal!);
      return answers[Math.min(calls.length - 1, answers.length - 1)]!(url, init);
    }),
  );
  return { calls, signals };
}
const refused = () => Promise.reject(new TypeError('Failed to fetch'));
const serverError = () => Promise.resolve(jsonResponse(500, fail('INTERNAL_ERROR', 'x')));
const answered = () => Promise.resolve(jsonResponse(200, ok(users)));
/** A server that never answers: only the request's own abort ends it. */
const silent = (_url: string, init: RequestInit) =>
  new Promise<Response>((_resolve, reject) =>
    init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
  );

const view = () => renderHook(() => useOnlineQuery(['users'], fetchUsers, FAILED));

describe('the online views (spec 7/9 "Safe fetch", through TanStack Query)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    sessionStore.start(loginResponse({ user: adminUser }));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    syncStatus.set({ online: true });
    sessionStore.end('logout');
    onlineQueryClient.clear();
  });

  it('retries a network failure 3 times, 1 s, 2 s and 4 s apart, and shows what the last attempt got', async () => {
    const { calls } = serve(refused, refused, refused, answered);
    const { result } = view();
    await vi.advanceTimersByTimeAsync(6_900);
    expect(result.current).toMatchObject({ loading: true, data: null, error: null });
    await vi.advanceTimersByTimeAsync(200);
    expect(calls).toHaveLength(4);
    const gaps = calls.slice(1).map((at, i) => at - calls[i]!);
    gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(1_000 * 2 ** i));
    gaps.forEach((gap, i) => expect(gap).toBeLessThan(1_000 * 2 ** i + 100));
    expect(result.current).toMatchObject({ loading: false, data: users, error: null });
  });

  it("gives up after the third retry of a 5xx with the screen's words and the reason", async () => {
    const { calls } = serve(serverError);
    const { result } = view();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(4);
    expect(result.current).toMatchObject({ loading: false, error: `${FAILED}：サーバー内部エラーが発生しました` });
  });

  it('abandons an attempt after 10 s and retries it as a timeout', async () => {
    const { calls, signals } = serve(silent, answered);
    const { result } = view();
    await vi.advanceTimersByTimeAsync(9_900);
    expect(signals[0]!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(signals[0]!.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toHaveLength(2);
    expect(calls[1]).toBeGreaterThanOrEqual(11_000);
    expect(result.current).toMatchObject({ loading: false, data: users });
  });

  it("says a timeout in the spec's words when every attempt timed out", async () => {
    const { calls } = serve(silent);
    const { result } = view();
    await vi.advanceTimersByTimeAsync(4 * 10_000 + 7_000 + 100);
    expect(calls).toHaveLength(4);
    expect(result.current.error).toBe(`${FAILED}：通信がタイムアウトしました`);
  });

  it('does not retry what a later attempt cannot cure (a 403)', async () => {
    const { calls } = serve(() => Promise.resolve(jsonResponse(403, fail('FORBIDDEN', null))));
    const { result } = view();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(1);
    expect(result.current.error).toBe(`${FAILED}：この操作を実行する権限がありません`);
  });

  it('ends the session on a 401, once, without retrying', async () => {
    const { calls } = serve(() => Promise.resolve(jsonResponse(401, fail('UNAUTHORIZED', null))));
    view();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(1);
    expect(sessionStore.getState()).toMatchObject({ session: null, endReason: 'unauthorized' });
  });

  it('waits while the app is offline (its own online state) and reads when it is back', async () => {
    syncStatus.set({ online: false });
    const { calls } = serve(answered);
    const { result } = view();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toHaveLength(0);
    expect(result.current).toMatchObject({ offline: true, loading: false, error: null });
    syncStatus.set({ online: true });
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toHaveLength(1);
    expect(result.current).toMatchObject({ offline: false, data: users });
  });

  it("forgets one person's answers when the session passes to another", async () => {
    serve(answered);
    view();
    await vi.advanceTimersByTimeAsync(100);
    expect(onlineQueryClient.getQueryData(['users'])).toEqual(users);
    sessionStore.end('logout');
    expect(onlineQueryClient.getQueryData(['users'])).toBeUndefined();
  });
});
