import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDeviceCredential } from '../api/device-identity';
import { LogDb } from './log-db';
import { sentBody } from '../test-utils/fixtures';
import { flushOperationLog, logOperation, startOperationLog } from './operation-log';
import { clearDataKey, dataKey, setDataKey } from '../vault/data-key';

let db: LogDb;
let stop: () => void;
type Call = [string, RequestInit];
const calls = () => vi.mocked(fetch).mock.calls as unknown as Call[];
const sentOperations = () =>
  calls().flatMap(([, init]) =>
    typeof init.body === 'string' ? JSON.parse(init.body).logs.map((l: { operation: string }) => l.operation) : [],
  );
const answer = (status: number) => new Response(JSON.stringify({ success: status < 300, data: {} }), { status });

beforeEach(async () => {
  db = new LogDb(`ops-${crypto.randomUUID()}`);
  await db.open();
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(answer(201))),
  );
  stop = startOperationLog(db);
});
afterEach(async () => {
  stop();
  vi.useRealTimers();
  await flushOperationLog(); // one under way ends before fetch is real again
  vi.unstubAllGlobals();
  await db.delete();
});

describe('operation-log batching (spec 4)', () => {
  it('sends a batch 5 s after the first entry, without an auth header, then empties the queue', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    logOperation('face_analysis_start', { screen: '/face-analysis', data: { source: 'photo' } });
    logOperation('face_analysis_success', { screen: '/face-analysis', data: { faces: 1 } });
    await vi.waitFor(async () => expect(await db.operationQueue.count()).toBe(2));
    await vi.advanceTimersByTimeAsync(4_900);
    expect(calls()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(200);
    vi.useRealTimers();
    await vi.waitFor(() => expect(sentOperations()).toEqual(['face_analysis_start', 'face_analysis_success']));
    const [url, init] = calls()[0]!;
    expect(url).toBe('/api/pwa-operations/log');
    expect(new Headers(init.headers).has('authorization')).toBe(false);
    expect(JSON.parse(sentBody(init))).toMatchObject({ sessionId: expect.any(String), device: { type: 'desktop' } });
    await vi.waitFor(async () => expect(await db.operationQueue.count()).toBe(0));
  });

  it('sends at once when an entry records an error', async () => {
    logOperation('face_analysis_error', { error: { message: '分析に失敗しました' } });
    await vi.waitFor(() => expect(sentOperations()).toEqual(['face_analysis_error']), { timeout: 1000 });
  });

  it('carries the device’s sync credential once known, so the server counts the log as the clinic’s own', async () => {
    setDeviceCredential('c'.repeat(43));
    try {
      logOperation('face_analysis_error', { error: { message: '分析に失敗しました' } });
      await vi.waitFor(() => expect(calls()).toHaveLength(1), { timeout: 1000 });
      const [, init] = calls()[0]!;
      expect(new Headers(init.headers).get('x-device-credential')).toBe('c'.repeat(43));
      expect(new Headers(init.headers).has('authorization')).toBe(false);
    } finally {
      setDeviceCredential(null);
    }
  });

  it('keeps the entries the server refuses for its quota (429), and sends them later', async () => {
    vi.mocked(fetch).mockResolvedValue(answer(429));
    logOperation('sync_error', { error: { message: 'サーバーエラー' } });
    await vi.waitFor(async () => expect((await db.operationQueue.toArray())[0]?.attempts).toBe(1));
    expect(await db.operationQueue.count()).toBe(1);
  });

  it('keeps the entries when sending fails, and sends them when the network returns', async () => {
    vi.mocked(fetch).mockResolvedValue(answer(503));
    logOperation('sync_error', { error: { message: 'サーバーエラー' } });
    await vi.waitFor(() => expect(calls()).toHaveLength(1));
    await vi.waitFor(async () => expect((await db.operationQueue.toArray())[0]?.attempts).toBe(1));
    vi.mocked(fetch).mockResolvedValue(answer(201));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(async () => expect(await db.operationQueue.count()).toBe(0));
    expect(sentOperations()).toEqual(['sync_error', 'sync_error']);
  });

  it("gives up on a batch the server never answers after the API's 30 s, and keeps it for the next try", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.mocked(fetch).mockImplementation(
      (_url, init) =>
        new Promise((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    logOperation('sync_error', { error: { message: 'サーバーエラー' } });
    await vi.waitFor(() => expect(calls()).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(30_000);
    vi.useRealTimers();
    await vi.waitFor(async () => expect((await db.operationQueue.toArray())[0]?.attempts).toBe(1));
    vi.mocked(fetch).mockResolvedValue(answer(201)); // the server is back for the flush after the test
  });

  it('sends what an earlier page left queued, and hands the queue to sendBeacon as the page goes', async () => {
    stop();
    vi.mocked(fetch).mockRejectedValue(new TypeError('offline'));
    logOperation('login_failure', { error: { message: 'x', code: 'INVALID_CREDENTIALS' } });
    await vi.waitFor(async () => expect((await db.operationQueue.toArray())[0]?.attempts).toBe(1));
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    vi.mocked(fetch).mockRejectedValue(new TypeError('offline'));
    stop = startOperationLog(db); // a reload: the queue comes back from the database
    await vi.waitFor(() => expect(calls().length).toBeGreaterThanOrEqual(2));
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledOnce();
    const [url, blob] = beacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe('/api/pwa-operations/log');
    expect(blob.type).toBe('text/plain;charset=utf-8');
    expect(JSON.parse(await blob.text()).logs.map((l: { operation: string }) => l.operation)).toEqual([
      'login_failure',
    ]);
    expect(await db.operationQueue.count()).toBe(1); // still queued: the server keeps an id once
  });

  it('sends a face-analysis error through the plain log, never through log-with-photo', async () => {
    logOperation('face_analysis_error', { error: { message: '分析に失敗しました', code: 'analyze' } });
    await vi.waitFor(async () => expect(await db.operationQueue.count()).toBe(0));
    expect(calls().map(([url]) => url)).toEqual(['/api/pwa-operations/log']);
    expect(sentOperations()).toEqual(['face_analysis_error']);
  });

  it('sends an entry an older version queued with a photo without the photo, and forgets the photo', async () => {
    stop();
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], { type: 'image/jpeg' });
    const entry = {
      id: crypto.randomUUID(),
      operation: 'face_analysis_error' as const,
      screen: '/face-analysis',
      timestamp: new Date().toISOString(),
      userEmail: '',
      data: {},
      error: { message: 'x' },
    };
    await db.operationQueue.add({ id: entry.id, entry, queuedAt: Date.now(), attempts: 0, photo });
    stop = startOperationLog(db);
    await vi.waitFor(async () => expect(await db.operationQueue.count()).toBe(0));
    expect(calls().map(([url]) => url)).toEqual(['/api/pwa-operations/log']);
    expect(typeof calls()[0]![1].body).toBe('string');
    expect(sentOperations()).toEqual(['face_analysis_error']);
  });

  it('leaves what is queued sealed while the device is locked, and sends it once unlocked', async () => {
    logOperation('face_analysis_start', { screen: '/face-analysis' });
    await vi.waitFor(async () => expect(await db.operationQueue.count()).toBe(1));
    const key = dataKey().slice();
    stop();
    clearDataKey();
    stop = startOperationLog(db);
    await flushOperationLog();
    expect(calls()).toHaveLength(0);
    setDataKey(key);
    await vi.waitFor(() => expect(sentOperations()).toEqual(['face_analysis_start']));
  });
});
