import { MAX_MUTATIONS_PER_PUSH, mutationArgsSchemas, type PullRequest, type PushRequest } from '@clinic/sync-protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClinicDb } from '../data/clinic-db';
import { PULL_INTERVAL_MS, SyncEngine } from './engine';
import { mutate } from '../data/mutate';
import { TEST_EPOCH, freshDb, pullOf, serverCustomer } from '../test-utils/sync-fixtures';
import { type SyncTransport, SyncTransportError } from './transport';

const ID = '0193a3f0-0000-4000-8000-0000000000e1';

/** A server that records each call, answering from a switch the test flips. */
function fakeServer() {
  const calls: string[] = [];
  const state = { failure: null as SyncTransportError | null, cookie: 0 };
  const transport: SyncTransport = {
    push(request: PushRequest) {
      calls.push(`push ${request.mutations.map((m) => m.name).join(',')}`);
      if (state.failure) return Promise.reject(state.failure);
      return Promise.resolve({ lastMutationId: request.mutations.at(-1)?.id ?? 0, epoch: TEST_EPOCH });
    },
    pull(request: PullRequest) {
      calls.push('pull');
      if (state.failure) return Promise.reject(state.failure);
      state.cookie = request.cookie + 1;
      return Promise.resolve(pullOf({ cookie: state.cookie }));
    },
  };
  return { transport, calls, state, pulls: () => calls.filter((c) => c === 'pull').length };
}

describe('SyncEngine schedule', () => {
  let server: ReturnType<typeof fakeServer>;
  let db: ClinicDb;
  let engine: SyncEngine;
  let visibility: DocumentVisibilityState;

  beforeEach(() => {
    // Only the engine's own timers: fake-indexeddb needs the real setImmediate to make progress.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    visibility = 'visible';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    server = fakeServer();
    db = freshDb();
    engine = new SyncEngine({ db, transport: server.transport, userName: () => 'staff1' });
  });
  afterEach(async () => {
    engine.stop();
    await engine.idle();
    vi.useRealTimers();
  });

  /** Moves the clock on and lets any round the timers started finish. */
  const elapse = async (ms: number) => {
    await vi.advanceTimersByTimeAsync(ms);
    await engine.idle();
  };

  it('pulls on start, then every 30 s', async () => {
    engine.start();
    await engine.idle();
    expect(server.calls).toEqual(['pull']);
    await elapse(PULL_INTERVAL_MS - 1);
    expect(server.pulls()).toBe(1);
    await elapse(1);
    expect(server.pulls()).toBe(2);
    await elapse(PULL_INTERVAL_MS);
    expect(server.pulls()).toBe(3);
  });

  it('pulls when the window gets focus, the tab becomes visible and the network returns', async () => {
    engine.start();
    await engine.idle();
    window.dispatchEvent(new Event('focus'));
    await engine.idle();
    expect(server.pulls()).toBe(2);

    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    await engine.idle();
    expect(server.pulls()).toBe(2);
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await engine.idle();
    expect(server.pulls()).toBe(3);

    window.dispatchEvent(new Event('offline'));
    expect(engine.status.get().online).toBe(false);
    window.dispatchEvent(new Event('online'));
    await engine.idle();
    expect(engine.status.get().online).toBe(true);
    expect(server.pulls()).toBe(4);
  });

  it('pushes a local change at once and pulls right after the push', async () => {
    engine.start();
    await engine.idle();
    await mutate(db, 'customer.create', { id: ID, name: '山田 花子', phone: '090-1234-5678' }, { userName: 'staff1' });
    await engine.idle();
    expect(server.calls).toEqual(['pull', 'push customer.create', 'pull']);
    expect(engine.status.get()).toMatchObject({ syncing: false, error: null });
  });

  it('retries a failed round after 1, 2, 4, 8 … s, never waiting more than 60 s', async () => {
    server.state.failure = new SyncTransportError('server', 'サーバーエラー');
    await engine.sync(); // no start(): no 30 s interval, only the retries
    expect(engine.status.get().error).toBe('サーバーエラー');
    const waits = [1, 2, 4, 8, 16, 32, 60, 60].map((s) => s * 1000);
    for (const [i, wait] of waits.entries()) {
      await elapse(wait - 1);
      expect(server.pulls(), `before retry ${i + 1}`).toBe(i + 1);
      await elapse(1);
      expect(server.pulls(), `retry ${i + 1}`).toBe(i + 2);
    }
  });

  it('starts the backoff over after a successful round', async () => {
    server.state.failure = new SyncTransportError('network', 'ネットワークエラー');
    await engine.sync();
    await elapse(1000);
    await elapse(2000);
    expect(server.pulls()).toBe(3);
    expect(engine.status.get()).toMatchObject({ online: false, error: 'ネットワークエラー' });

    server.state.failure = null;
    await elapse(4000);
    expect(server.pulls()).toBe(4);
    expect(engine.status.get()).toMatchObject({ online: true, error: null });
    await elapse(10 * 60_000);
    expect(server.pulls()).toBe(4); // a success schedules no retry

    server.state.failure = new SyncTransportError('server', 'サーバーエラー');
    await engine.sync();
    await elapse(999);
    expect(server.pulls()).toBe(5);
    await elapse(1);
    expect(server.pulls()).toBe(6);
  });

  it.each(['auth', 'refused'] as const)('does not retry an %s failure on its own', async (kind) => {
    server.state.failure = new SyncTransportError(kind, 'x');
    await engine.sync();
    await elapse(10 * 60_000);
    expect(server.pulls()).toBe(1);
  });

  it('stop() cancels the interval, the pending retry and every trigger', async () => {
    engine.start();
    await engine.idle();
    server.state.failure = new SyncTransportError('server', 'サーバーエラー');
    window.dispatchEvent(new Event('focus'));
    await engine.idle();
    expect(server.pulls()).toBe(2); // failed: a retry is now waiting

    engine.stop();
    await elapse(10 * 60_000);
    window.dispatchEvent(new Event('focus'));
    window.dispatchEvent(new Event('online'));
    document.dispatchEvent(new Event('visibilitychange'));
    await mutate(db, 'customer.create', { id: ID, name: '山田 花子', phone: '090-1234-5678' }, { userName: 'staff1' });
    await elapse(10 * 60_000);
    expect(server.calls).toEqual(['pull', 'pull']);
  });

  it('schedules no retry for a round that fails after stop() (a logout wiping the device)', async () => {
    let failPull!: () => void;
    const pulled = new Promise<void>((resolve) => (failPull = resolve));
    server.transport.pull = async () => {
      server.calls.push('pull');
      await pulled;
      throw new SyncTransportError('server', 'サーバーエラー');
    };
    const round = engine.sync();
    engine.stop();
    failPull();
    await round;
    await elapse(10 * 60_000);
    expect(server.pulls()).toBe(1);
  });

  it('drops a waiting retry once a round the person asked for succeeds', async () => {
    server.state.failure = new SyncTransportError('server', 'サーバーエラー');
    await engine.sync(); // failed: a retry waits 1 s
    server.state.failure = null;
    await engine.sync(); // 同期 tapped: succeeds
    await elapse(10 * 60_000);
    expect(server.pulls()).toBe(2);
  });

  it('keeps its counts, and raises nothing, while the database is closed by a wipe', async () => {
    await mutate(db, 'customer.create', { id: ID, name: '山田 花子', phone: '090-1234-5678' }, { userName: 'staff1' });
    await engine.refreshCounts();
    expect(engine.status.get().pendingCount).toBe(1);
    db.close();
    await expect(engine.refreshCounts()).resolves.toBeUndefined();
    expect(engine.status.get().pendingCount).toBe(1);
    await db.open();
  });
});

describe('SyncEngine rounds', () => {
  const customerId = (n: number) => `0193a3f0-0000-4000-8000-${String(n).padStart(12, '0')}`;

  it('pulls page after page while the server says there is more, storing every page', async () => {
    const db = freshDb();
    const cookies: number[] = [];
    const pages = [1, 2, 3].map((page) =>
      pullOf({
        cookie: page,
        hasMore: page < 3,
        changes: { customers: [serverCustomer({ id: customerId(page), name: `顧客${page}`, chartNumber: page })] },
      }),
    );
    const transport: SyncTransport = {
      push: () => Promise.reject(new Error('nothing to push')),
      pull: (request: PullRequest) => {
        cookies.push(request.cookie);
        return Promise.resolve(pages[cookies.length - 1] ?? pullOf({ cookie: 9 }));
      },
    };
    const engine = new SyncEngine({ db, transport, userName: () => 'staff1', retryWithBackoff: false });
    await engine.sync();
    expect(engine.status.get().error).toBeNull();
    expect(cookies).toEqual([0, 1, 2]); // each page asked for with the cookie of the one before, and no fourth
    expect((await db.customers.orderBy('chartNumber').toArray()).map((c) => c.name)).toEqual([
      '顧客1',
      '顧客2',
      '顧客3',
    ]);
  });

  it('keeps オフライン when a round the server answered ends after the browser reported the network gone', async () => {
    const db = freshDb();
    let online = true;
    let asked = false;
    let answer = () => undefined as void;
    const transport: SyncTransport = {
      push: () => Promise.reject(new Error('nothing to push')),
      pull: () =>
        new Promise((resolve) => {
          asked = true;
          answer = () => resolve(pullOf({ cookie: 1 }));
        }),
    };
    const engine = new SyncEngine({
      db,
      transport,
      userName: () => 'staff1',
      retryWithBackoff: false,
      isOnline: () => online,
    });
    const round = engine.sync();
    await vi.waitFor(() => expect(asked).toBe(true));
    // The Wi-Fi goes while the answer is on its way: the browser says so (what the 'offline' listener sets).
    online = false;
    engine.status.set({ online: false });
    answer();
    await round;
    expect(engine.status.get()).toMatchObject({ online: false, error: null });
  });

  it(`pushes an outbox longer than one batch (${MAX_MUTATIONS_PER_PUSH}) in batches, in order, until every change is sent`, async () => {
    const db = freshDb();
    const total = MAX_MUTATIONS_PER_PUSH * 2 + 3;
    await db.outbox.bulkAdd(
      Array.from({ length: total }, (_, i) => ({
        id: i + 1,
        name: 'customer.create' as const,
        args: mutationArgsSchemas['customer.create'].parse({
          id: customerId(i + 1),
          name: `顧客${i + 1}`,
          phone: '090-1234-5678',
        }),
        clientTime: '2026-11-22T00:00:00.000Z',
      })),
    );
    const batches: number[][] = [];
    const transport: SyncTransport = {
      push: (request: PushRequest) => {
        batches.push(request.mutations.map((m) => m.id));
        return Promise.resolve({ lastMutationId: request.mutations.at(-1)!.id, epoch: TEST_EPOCH });
      },
      pull: () => Promise.resolve(pullOf({ cookie: 1, lastMutationId: total })),
    };
    const engine = new SyncEngine({ db, transport, userName: () => 'staff1', retryWithBackoff: false });
    await engine.sync();
    expect(engine.status.get().error).toBeNull();
    expect(batches.map((b) => b.length)).toEqual([MAX_MUTATIONS_PER_PUSH, MAX_MUTATIONS_PER_PUSH, 3]);
    expect(batches.flat()).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(await db.outbox.count()).toBe(0); // the pull after the pushes acknowledged them all
  });

  it('hands the whole outbox, in push-sized sets from its start, to the worker when a push cannot go (issue 37)', async () => {
    const db = freshDb();
    const total = MAX_MUTATIONS_PER_PUSH + 2;
    await db.outbox.bulkAdd(
      Array.from({ length: total }, (_, i) => ({
        id: i + 1,
        name: 'customer.create' as const,
        args: mutationArgsSchemas['customer.create'].parse({
          id: customerId(i + 1),
          name: `顧客${i + 1}`,
          phone: '090-1234-5678',
        }),
        clientTime: '2026-11-22T00:00:00.000Z',
      })),
    );
    let sent = 0;
    const transport: SyncTransport = {
      // The first set goes, the second meets a lost network.
      push: (request: PushRequest) =>
        sent++ === 0
          ? Promise.resolve({ lastMutationId: request.mutations.at(-1)!.id, epoch: TEST_EPOCH })
          : Promise.reject(new SyncTransportError('network', 'offline')),
      pull: () => Promise.resolve(pullOf({ cookie: 1 })),
    };
    const handed: number[][][] = [];
    let pushedAll = 0;
    const engine = new SyncEngine({
      db,
      transport,
      userName: () => 'staff1',
      retryWithBackoff: false,
      onPushNetworkFailure: (requests) => void handed.push(requests.map((r) => r.mutations.map((m) => m.id))),
      onPushedAll: () => void (pushedAll += 1),
    });
    await engine.sync();
    expect(handed).toHaveLength(1);
    expect(handed[0]!.map((set) => set.length)).toEqual([MAX_MUTATIONS_PER_PUSH, 2]);
    expect(handed[0]!.flat()).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(pushedAll).toBe(0);

    // A refusal is not handed over (the worker would only be refused too); a round that sends all clears it.
    transport.push = (request) => Promise.resolve({ lastMutationId: request.mutations.at(-1)!.id, epoch: TEST_EPOCH });
    await engine.sync();
    expect(handed).toHaveLength(1);
    expect(pushedAll).toBe(1);
  });
});
