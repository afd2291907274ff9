import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type MirroredTokens, readMirroredTokens, writeMirroredTokens } from '../auth/session-mirror';
import { fail, jsonResponse, ok, sentBody } from '../test-utils/fixtures';
import { type ReplayQueue, type ReplayWorker, replayPushes } from './sw-replay';

const PUSH_URL = 'http://localhost/api/sync/push';
const HOUR = 3_600_000;

type Sent = { url: string; auth: string | null; body: string };
type Answer = Response | Error;

/** The background-sync queue as the worker sees it: entries in order, shifted out and put back. */
function fakeQueue(...bodies: string[]) {
  const entries: Array<Parameters<ReplayQueue['unshiftRequest']>[0]> = bodies.map((body) => ({
    // Stored with the token of the moment it failed; the replay must not reuse it.
    request: new Request(PUSH_URL, { method: 'POST', body, headers: { authorization: 'Bearer stored-at-queue-time' } }),
    timestamp: 1,
  }));
  const queue: ReplayQueue = {
    shiftRequest: () => Promise.resolve(entries.shift()),
    unshiftRequest: (entry) => Promise.resolve(void entries.unshift(entry)),
  };
  return { queue, bodies: async () => Promise.all(entries.map((e) => e.request.clone().text())) };
}

/** Open pages of the app, recording what the worker tells them. */
function fakeWorker() {
  const told: unknown[] = [];
  const worker: ReplayWorker = {
    clients: { matchAll: () => Promise.resolve([{ postMessage: (message) => void told.push(message) }]) },
  };
  return { worker, told };
}

/** The network: push and refresh answers in order; a thrown Error is a failed fetch. */
function fakeServer(answers: { push?: Answer[]; refresh?: Answer[] }) {
  const pushes: Sent[] = [];
  const refreshes: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const kind = url === '/api/auth/refresh' ? 'refresh' : 'push';
      if (kind === 'refresh') refreshes.push(JSON.parse(sentBody(init)));
      else pushes.push({ url, auth: new Headers(init.headers).get('authorization'), body: sentBody(init) });
      const answer = answers[kind]?.shift();
      if (!answer) return Promise.reject(new Error(`unexpected ${kind}`));
      if (answer instanceof Error) return Promise.reject(answer);
      return Promise.resolve(answer);
    }),
  );
  return { pushes, refreshes };
}

const tokens = (over: Partial<MirroredTokens> = {}): MirroredTokens => ({
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  accessTokenExpiresAt: Date.now() + 15 * 60_000,
  expiresAt: Date.now() + 12 * HOUR,
  ...over,
});
const refreshed = (n: number) =>
  jsonResponse(200, ok({ accessToken: `access-${n}`, refreshToken: `refresh-${n}`, accessTokenExpiresIn: 900 }));
const pushed = () => jsonResponse(200, ok({ lastMutationId: 3 }));
const offline = () => new TypeError('Failed to fetch');

describe('replayPushes (service worker background sync)', () => {
  beforeEach(() => writeMirroredTokens(tokens()));
  afterEach(async () => {
    vi.unstubAllGlobals();
    await writeMirroredTokens(null);
  });

  it('delivers each entry with the current token, removes it and tells the pages', async () => {
    const { queue, bodies } = fakeQueue('{"push":1}', '{"push":2}');
    const { worker, told } = fakeWorker();
    const server = fakeServer({ push: [pushed(), pushed()] });
    await replayPushes(queue, worker);
    expect(server.pushes).toEqual([
      { url: PUSH_URL, auth: 'Bearer access-1', body: '{"push":1}' },
      { url: PUSH_URL, auth: 'Bearer access-1', body: '{"push":2}' },
    ]);
    expect(await bodies()).toEqual([]);
    expect(told).toEqual([{ type: 'PUSH_REPLAYED' }]);
  });

  it('puts the entry back and fails the sync when the network is down', async () => {
    const { queue, bodies } = fakeQueue('{"push":1}', '{"push":2}');
    const { worker, told } = fakeWorker();
    const server = fakeServer({ push: [offline()] });
    await expect(replayPushes(queue, worker)).rejects.toThrow();
    expect(server.pushes).toHaveLength(1);
    expect(await bodies()).toEqual(['{"push":1}', '{"push":2}']);
    expect(told).toEqual([]);
  });

  it.each([500, 502, 503])('puts the entry back on %i', async (status) => {
    const { queue, bodies } = fakeQueue('{"push":1}');
    const { worker, told } = fakeWorker();
    fakeServer({ push: [jsonResponse(status, fail('INTERNAL_ERROR', null))] });
    await expect(replayPushes(queue, worker)).rejects.toThrow(String(status));
    expect(await bodies()).toEqual(['{"push":1}']);
    expect(told).toEqual([]);
  });

  it('on a 401 refreshes the token, keeps the new pair and sends the push again', async () => {
    const { queue, bodies } = fakeQueue('{"push":1}');
    const { worker, told } = fakeWorker();
    const server = fakeServer({
      push: [jsonResponse(401, fail('TOKEN_EXPIRED', null)), pushed()],
      refresh: [refreshed(2)],
    });
    await replayPushes(queue, worker);
    expect(server.refreshes).toEqual([{ refreshToken: 'refresh-1' }]);
    expect(server.pushes.map((p) => p.auth)).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(await readMirroredTokens()).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(await bodies()).toEqual([]);
    expect(told).toEqual([{ type: 'PUSH_REPLAYED' }]);
  });

  it('puts the entry back when the push is refused again after the refresh', async () => {
    const { queue, bodies } = fakeQueue('{"push":1}');
    const { worker } = fakeWorker();
    const server = fakeServer({
      push: [jsonResponse(401, fail('TOKEN_EXPIRED', null)), jsonResponse(401, fail('UNAUTHORIZED', null))],
      refresh: [refreshed(2)],
    });
    await expect(replayPushes(queue, worker)).rejects.toThrow('401');
    expect(server.pushes).toHaveLength(2);
    expect(await bodies()).toEqual(['{"push":1}']);
  });

  it('refreshes first when the token is about to expire', async () => {
    await writeMirroredTokens(tokens({ accessTokenExpiresAt: Date.now() + 10_000 }));
    const { queue } = fakeQueue('{"push":1}');
    const server = fakeServer({ push: [pushed()], refresh: [refreshed(3)] });
    await replayPushes(queue, fakeWorker().worker);
    expect(server.pushes.map((p) => p.auth)).toEqual(['Bearer access-3']);
  });

  it('refreshes within the margin the page uses (a token with 45 s left), so neither sends a dying token', async () => {
    await writeMirroredTokens(tokens({ accessTokenExpiresAt: Date.now() + 45_000 }));
    const { queue } = fakeQueue('{"push":1}');
    const server = fakeServer({ push: [pushed()], refresh: [refreshed(4)] });
    await replayPushes(queue, fakeWorker().worker);
    expect(server.refreshes).toHaveLength(1);
    expect(server.pushes.map((p) => p.auth)).toEqual(['Bearer access-4']);
  });

  it('keeps the entry and forgets the tokens when the refresh is refused (the login is over)', async () => {
    await writeMirroredTokens(tokens({ accessTokenExpiresAt: Date.now() + 10_000 }));
    const { queue, bodies } = fakeQueue('{"push":1}');
    const server = fakeServer({ refresh: [jsonResponse(401, fail('UNAUTHORIZED', null))] });
    await expect(replayPushes(queue, fakeWorker().worker)).rejects.toThrow('no usable login');
    expect(server.pushes).toEqual([]);
    expect(await readMirroredTokens()).toBeNull();
    expect(await bodies()).toEqual(['{"push":1}']);
  });

  it('keeps the entry when the refresh answers something unusable', async () => {
    await writeMirroredTokens(tokens({ accessTokenExpiresAt: Date.now() + 10_000 }));
    const { queue, bodies } = fakeQueue('{"push":1}');
    const server = fakeServer({ refresh: [jsonResponse(200, ok({ accessToken: 'half-a-pair' }))] });
    await expect(replayPushes(queue, fakeWorker().worker)).rejects.toThrow();
    expect(server.pushes).toEqual([]);
    expect(await readMirroredTokens()).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    expect(await bodies()).toEqual(['{"push":1}']);
  });

  it('keeps the entry without sending it when no login is stored', async () => {
    await writeMirroredTokens(null);
    const { queue, bodies } = fakeQueue('{"push":1}');
    const server = fakeServer({});
    await expect(replayPushes(queue, fakeWorker().worker)).rejects.toThrow('no usable login');
    expect(server.pushes).toEqual([]);
    expect(await bodies()).toEqual(['{"push":1}']);
  });

  it('drops an entry the server answered with a 4xx (it stored the rejections) and goes on', async () => {
    const { queue, bodies } = fakeQueue('{"push":1}', '{"push":2}');
    const { worker, told } = fakeWorker();
    const server = fakeServer({ push: [jsonResponse(400, fail('VALIDATION_ERROR', '入力エラー')), pushed()] });
    await replayPushes(queue, worker);
    expect(server.pushes.map((p) => p.body)).toEqual(['{"push":1}', '{"push":2}']);
    expect(await bodies()).toEqual([]);
    expect(told).toEqual([{ type: 'PUSH_REPLAYED' }]);
  });

  it('tells the pages about a delivered entry even when a later one must wait', async () => {
    const { queue, bodies } = fakeQueue('{"push":1}', '{"push":2}');
    const { worker, told } = fakeWorker();
    fakeServer({ push: [pushed(), offline()] });
    await expect(replayPushes(queue, worker)).rejects.toThrow();
    expect(await bodies()).toEqual(['{"push":2}']);
    expect(told).toEqual([{ type: 'PUSH_REPLAYED' }]);
  });
});
