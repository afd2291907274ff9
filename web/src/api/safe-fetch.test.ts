import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { sessionStore } from '../auth/session-store';
import { fail, jsonResponse, loginResponse, ok } from '../test-utils/fixtures';
import { safeFetch } from './safe-fetch';

/** Records when (in fake time) each attempt was made. */
function stubAttempts(answer: (attempt: number, signal: AbortSignal) => Promise<Response>) {
  const times: number[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit) => {
      times.push(Date.now());
      return answer(times.length, init.signal as AbortSignal);
    }),
  );
  return times;
}

const hang = (signal: AbortSignal) =>
  new Promise<Response>((_, reject) => signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));

describe('safeFetch', () => {
  let start: number;
  beforeEach(() => {
    vi.useFakeTimers();
    start = Date.now();
    localStorage.clear();
    sessionStore.start(loginResponse({ accessTokenExpiresIn: 3600 }));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    sessionStore.end('logout');
  });

  async function run(promise: Promise<unknown>) {
    const settled = promise.then(
      (value) => ({ value, error: null }),
      (error: unknown) => ({ value: null, error }),
    );
    await vi.runAllTimersAsync();
    return settled;
  }

  it.each([
    ['network', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['5xx', () => Promise.resolve(jsonResponse(503, fail(null, null)))],
  ] as const)('retries %s failures 3 times after 1, 2 and 4 s', async (kind, answer) => {
    const times = stubAttempts(answer);
    const result = await run(safeFetch('/x', { schema: z.unknown() }));
    expect(result.error).toMatchObject({ kind: kind === 'network' ? 'network' : 'server' });
    expect(times.map((t) => t - start)).toEqual([0, 1_000, 3_000, 7_000]);
  });

  it('gives each attempt 10 s before it times out, then retries', async () => {
    const times = stubAttempts((_, signal) => hang(signal));
    const result = await run(safeFetch('/x', { schema: z.unknown() }));
    expect(result.error).toMatchObject({ kind: 'timeout' });
    expect(times.map((t) => t - start)).toEqual([0, 11_000, 23_000, 37_000]);
  });

  it('stops retrying as soon as an attempt succeeds', async () => {
    const times = stubAttempts(async (n) => (n < 3 ? jsonResponse(500, fail(null, null)) : jsonResponse(200, ok(7))));
    expect(await run(safeFetch('/x', { schema: z.number() }))).toEqual({ value: 7, error: null });
    expect(times).toHaveLength(3);
  });

  it.each([400, 403, 404, 409])('does not retry a %i', async (status) => {
    const times = stubAttempts(async () => jsonResponse(status, fail(null, '入力内容を確認してください')));
    const result = await run(safeFetch('/x', { schema: z.unknown() }));
    expect(result.error).toMatchObject({ status });
    expect(times).toHaveLength(1);
  });

  it('ends the session on an auth error without retrying', async () => {
    const times = stubAttempts(async () => jsonResponse(401, fail('UNAUTHORIZED', null)));
    const result = await run(safeFetch('/x', { schema: z.unknown() }));
    expect(result.error).toMatchObject({ kind: 'auth' });
    expect(times).toHaveLength(1);
    expect(sessionStore.getState()).toEqual({ session: null, endReason: 'unauthorized' });
  });

  it('uses an injected sleep with the 1/2/4 s schedule', async () => {
    vi.useRealTimers();
    stubAttempts(() => Promise.reject(new TypeError('Failed to fetch')));
    const waits: number[] = [];
    await expect(
      safeFetch('/x', { schema: z.unknown(), sleep: async (ms) => void waits.push(ms) }),
    ).rejects.toMatchObject({ kind: 'network' });
    expect(waits).toEqual([1_000, 2_000, 4_000]);
  });
});
