import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ReplayQueue, replaceQueued, replaySealed } from './sw-replay';

type Entry = { request: Request; timestamp?: number };

/** The worker's queue as workbox-background-sync keeps it, in memory. */
function fakeQueue(bodies: string[] = []) {
  const entries: Entry[] = bodies.map((body) => ({
    request: new Request('http://x/api/sync/sealed-push', { method: 'POST', body }),
  }));
  const queue = {
    shiftRequest: () => Promise.resolve(entries.shift()),
    unshiftRequest: (entry: Entry) => Promise.resolve(void entries.unshift(entry)),
    pushRequest: (entry: Entry) => Promise.resolve(void entries.push(entry)),
    getAll: () => Promise.resolve([...entries]),
  } as unknown as ReplayQueue;
  return { queue, entries };
}

const worker = () => {
  const messages: unknown[] = [];
  return {
    messages,
    clients: { matchAll: () => Promise.resolve([{ postMessage: (m: unknown) => messages.push(m) }]) },
  };
};

const answer = (status: number, body: unknown = { success: status < 400, data: { lastMutationId: 3 } }) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe("the worker's sealed queue (issue 37)", () => {
  it('sends each body as it was sealed, in order, to the sealed route, and tells the pages', async () => {
    const sent: Array<{ url: string; body: string; headers: Headers }> = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      sent.push({ url, body: init.body as string, headers: new Headers(init.headers) });
      return Promise.resolve(answer(200));
    });
    const { queue, entries } = fakeQueue(['{"v":1,"ct":"a"}', '{"v":1,"ct":"b"}']);
    const w = worker();
    await replaySealed(queue, w);
    expect(sent.map((s) => [s.url, s.body])).toEqual([
      ['/api/sync/sealed-push', '{"v":1,"ct":"a"}'],
      ['/api/sync/sealed-push', '{"v":1,"ct":"b"}'],
    ]);
    // No token and no credential travel outside the sealed body.
    expect(sent.every((s) => !s.headers.has('authorization') && !s.headers.has('x-device-credential'))).toBe(true);
    expect(entries).toHaveLength(0);
    expect(w.messages).toEqual([{ type: 'SEALED_PUSHES_REPLAYED' }]);
  });

  it('keeps a body for later when the network is gone or the server is busy, and throws so the browser retries', async () => {
    const { queue, entries } = fakeQueue(['{"n":1}', '{"n":2}']);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(replaySealed(queue, worker())).rejects.toThrow();
    expect(entries).toHaveLength(2);
    vi.stubGlobal('fetch', () => Promise.resolve(answer(503, { success: false, code: 'DATABASE_UNAVAILABLE' })));
    await expect(replaySealed(queue, worker())).rejects.toThrow();
    expect(entries).toHaveLength(2);
  });

  it('drops a body the server will never take (its changes stay in the outbox for the page)', async () => {
    const { queue, entries } = fakeQueue(['{"n":1}', '{"n":2}']);
    const answers = [answer(400, { success: false, code: 'SEAL_KEY_UNKNOWN' }), answer(200)];
    vi.stubGlobal('fetch', () => Promise.resolve(answers.shift()));
    await replaySealed(queue, worker());
    expect(entries).toHaveLength(0);
  });

  it('replaces what it held with the newest set, which holds the whole outbox', async () => {
    const { queue, entries } = fakeQueue(['old-1', 'old-2']);
    await replaceQueued(queue, [{ body: 'new-1', through: 3 }]);
    expect(await Promise.all(entries.map((e) => e.request.text()))).toEqual(['new-1']);
    await replaceQueued(queue, []);
    expect(entries).toHaveLength(0);
  });

  it('runs one replay at a time: a second ask while one runs shares it, so nothing is sent twice at once', async () => {
    const { queue } = fakeQueue(['{"n":1}']);
    let calls = 0;
    vi.stubGlobal('fetch', () => {
      calls += 1;
      return Promise.resolve(answer(200));
    });
    await Promise.all([replaySealed(queue, worker()), replaySealed(queue, worker())]);
    expect(calls).toBe(1);
  });
});
