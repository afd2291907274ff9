import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LogDb } from './log-db';
import { flushOperationLog, startOperationLog } from './operation-log';
import { forgetAppStart, recordAppStart } from './start-event';
import { clearDataKey, dataKey, setDataKey } from '../vault/data-key';

let db: LogDb;
let stop: () => void;
const queued = async () => (await db.operationQueue.toArray()).map((item) => item.entry);

beforeEach(async () => {
  db = new LogDb(`start-${crypto.randomUUID()}`);
  await db.open();
  // Nothing leaves in these tests: the queue is what they read.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('offline'))),
  );
  stop = startOperationLog(db);
  forgetAppStart();
});
afterEach(async () => {
  stop();
  await flushOperationLog();
  vi.unstubAllGlobals();
  await db.delete();
});

describe('the start-up event (spec 9)', () => {
  it('records one operation-log entry per start, with the start time and the device facts', async () => {
    const renderedAt = Date.now();
    recordAppStart(renderedAt);
    recordAppStart(renderedAt + 10); // the same start: StrictMode's second mount, a new person's app
    await vi.waitFor(async () => expect(await queued()).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    const [entry] = await queued();
    expect(entry).toMatchObject({
      operation: 'app_start',
      screen: location.pathname,
      error: null,
      data: {
        startedAt: new Date(performance.timeOrigin).toISOString(),
        renderedAt: new Date(renderedAt).toISOString(),
        appVersion: '0.1.0',
        displayMode: expect.stringMatching(/^(standalone|browser)$/),
        device: {
          platform: expect.any(String),
          viewport: `${window.innerWidth}x${window.innerHeight}`,
          screenSize: `${screen.width}x${screen.height}`,
          language: navigator.language,
          userAgent: navigator.userAgent,
        },
        online: navigator.onLine,
      },
    });
  });

  it('while the app is still locked after a reload, waits for the key instead of losing the entry', async () => {
    const key = dataKey().slice();
    clearDataKey();
    try {
      recordAppStart(Date.now());
      await new Promise((r) => setTimeout(r, 50));
      expect(await db.operationQueue.count()).toBe(0);
    } finally {
      setDataKey(key);
    }
    await vi.waitFor(async () => expect((await queued()).map((e) => e.operation)).toEqual(['app_start']));
  });
});
