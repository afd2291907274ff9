import { afterEach, expect, it, vi } from 'vitest';
import { deviceUpload, storedLog } from '../android-logs/android-logs-test-support';
import { deviceLogBytesOf } from '../android-logs/device-logs.repository';
import { createApp } from '../app';
import { logBatch, logEntry } from '../pwa-operations/pwa-operations-test-support';
import { deviceProof, tokenOf } from '../sync/sync-test-helpers';
import { type TestCtx, call, describeEachDatabase, failure, testConfig, useFakeDate } from '../test/harness';
import { anonymousStore } from './anonymous-storage';
import { type StorageLimits, STORAGE_QUOTA_MESSAGES } from './storage-quota';
import { parseTrustProxy } from './trust-proxy';

const DAILY = failure('RATE_LIMITED', STORAGE_QUOTA_MESSAGES.daily);
const ADDRESS = failure('RATE_LIMITED', STORAGE_QUOTA_MESSAGES.address);
const UPLOAD = deviceLogBytesOf(storedLog({ sessionId: 'session' }));

describeEachDatabase('anonymous storage: a share per address, the clinic’s own never refused', (getCtx) => {
  afterEach(() => vi.useRealTimers());

  /** Behind one proxy, so each request names its address. */
  const appWith = (ctx: TestCtx, limits: StorageLimits) =>
    createApp({ db: ctx.db, config: testConfig, anonymousStorage: limits, trustProxy: parseTrustProxy('1') });
  const uploadFrom = (
    app: ReturnType<typeof createApp>,
    address: string,
    sessionId: string,
    headers: Record<string, string> = {},
  ) =>
    call(app, 'POST', '/api/android-logs/upload', {
      body: deviceUpload({ sessionId }),
      headers: { 'X-Forwarded-For': address, ...headers },
    });

  it('lets no address take more than its share of the day', async () => {
    useFakeDate('2026-11-22T03:00:00.000Z');
    const ctx = getCtx();
    const app = appWith(ctx, { dailyBytes: 20 * UPLOAD, totalBytes: 1e12, addressShare: 0.1 });
    expect((await uploadFrom(app, '203.0.113.9', 'first-1')).status).toBe(201);
    expect((await uploadFrom(app, '203.0.113.9', 'first-2')).status).toBe(201);
    const refused = await uploadFrom(app, '203.0.113.9', 'first-3');
    expect([refused.status, refused.body]).toEqual([429, ADDRESS]);
    const log = await call(app, 'POST', '/api/pwa-operations/log', {
      body: logBatch([logEntry({ data: { note: 'x'.repeat(UPLOAD) } })]),
      headers: { 'X-Forwarded-For': '203.0.113.9' },
    });
    expect(log.body).toEqual(ADDRESS);
    // Another address still has its own share.
    expect((await uploadFrom(app, '198.51.100.4', 'other-1')).status).toBe(201);
  });

  it('takes a registered device’s and a signed-in person’s logs when anonymous senders spent the day', async () => {
    useFakeDate('2026-11-22T03:00:00.000Z');
    const ctx = getCtx();
    const app = appWith(ctx, { dailyBytes: 3 * UPLOAD, totalBytes: 1e12, addressShare: 0.5 });
    for (const [i, address] of ['203.0.113.1', '203.0.113.2', '203.0.113.3'].entries())
      expect((await uploadFrom(app, address, `flood-${i}`)).status).toBe(201);
    expect((await uploadFrom(app, '203.0.113.4', 'flood-3')).body).toEqual(DAILY);

    const token = await tokenOf(app, ctx.staff);
    const clientId = crypto.randomUUID();
    const proof = await deviceProof(app, token, clientId);
    const device = await uploadFrom(app, '192.168.1.20', 'tablet1', { ...proof, 'X-Client-Id': clientId });
    expect(device.status).toBe(201);
    const signedIn = await uploadFrom(app, '192.168.1.21', 'tablet2', { Authorization: `Bearer ${token}` });
    expect(signedIn.status).toBe(201);
    // A credential that is not the device's, or a token that is no session's, speaks for no one.
    const forged = { 'X-Device-Credential': 'A'.repeat(43), 'X-Client-Id': clientId };
    expect((await uploadFrom(app, '192.168.1.22', 'tablet3', forged)).body).toEqual(DAILY);
    expect((await uploadFrom(app, '192.168.1.22', 'tablet3', { Authorization: 'Bearer x.y.z' })).body).toEqual(DAILY);
  });

  it('counts text in UTF-8 bytes as stored, in memory and in SQL alike', async () => {
    useFakeDate('2026-11-22T03:00:00.000Z');
    const ctx = getCtx();
    const notes = ['記録', '施術', '予約'].map((word) => ({ note: word.repeat(5_000) }));
    const res = await call(ctx.app, 'POST', '/api/pwa-operations/log', {
      body: logBatch(notes.map((data) => logEntry({ data }))),
    });
    expect(res.status).toBe(201);
    const stored = await ctx.db.selectFrom('operation_logs').select('data').execute();
    const utf8 = stored.reduce((sum, row) => sum + Buffer.byteLength(row.data ?? '', 'utf8'), 0);
    const characters = stored.reduce((sum, row) => sum + (row.data ?? '').length, 0);
    expect(utf8).toBeGreaterThan(2.9 * characters); // three bytes to a character
    const measured = await anonymousStore(ctx.db).measure('2026-11-21T15:00:00.000Z');
    expect(measured.today).toBeGreaterThanOrEqual(utf8);
    // A fresh quota (a restart) measures from SQL what the route counted: the day's room is spent alike.
    const app = createApp({ db: ctx.db, config: testConfig, anonymousStorage: { dailyBytes: utf8, totalBytes: 1e12 } });
    expect((await call(app, 'POST', '/api/pwa-operations/log', { body: logBatch([logEntry()]) })).body).toEqual(DAILY);
  });
});
