import { describe, expect, it } from 'vitest';
import { deviceUpload } from '../android-logs/android-logs-test-support';
import { createApp } from '../app';
import { logBatch, logEntry } from '../pwa-operations/pwa-operations-test-support';
import { deviceProof, tokenOf } from '../sync/sync-test-helpers';
import { type TestCtx, call, describeEachDatabase, failure, testConfig } from '../test/harness';
import { RATE_LIMITED_MESSAGE } from './rate-limit';
import { perSecondBudget } from './stranger-uploads';
import { parseTrustProxy } from './trust-proxy';

const REFUSED = failure('RATE_LIMITED', RATE_LIMITED_MESSAGE);

describe('perSecondBudget', () => {
  it('spends a burst, then gives one take per 1/perSecond seconds, never saving more than the burst', () => {
    let now = 0;
    const budget = perSecondBudget({ perSecond: 2, burst: 3 }, () => now);
    expect([budget.take(), budget.take(), budget.take(), budget.take()]).toEqual([true, true, true, false]);
    now += 499;
    expect(budget.take()).toBe(false);
    now += 1;
    expect([budget.take(), budget.take()]).toEqual([true, false]);
    now += 60_000;
    expect([budget.take(), budget.take(), budget.take(), budget.take()]).toEqual([true, true, true, false]);
  });
});

describeEachDatabase('uploads without login: strangers share a budget a second', (getCtx) => {
  /** Behind one proxy, so each request names its address; a burst of 3 and (within a test) no refill. */
  const appOf = (ctx: TestCtx) =>
    createApp({
      db: ctx.db,
      config: { ...testConfig, strangerUploads: { perSecond: 0.0001, burst: 3 } },
      trustProxy: parseTrustProxy('1'),
    });
  const deviceLog = (app: ReturnType<typeof createApp>, address: string, sessionId: string, headers = {}) =>
    call(app, 'POST', '/api/android-logs/upload', {
      body: deviceUpload({ sessionId }),
      headers: { 'X-Forwarded-For': address, ...headers },
    });
  const operationLog = (app: ReturnType<typeof createApp>, address: string, body: unknown = logBatch([logEntry()])) =>
    call(app, 'POST', '/api/pwa-operations/log', { body, headers: { 'X-Forwarded-For': address } });
  const stored = async (ctx: TestCtx) => ({
    devices: (await ctx.db.selectFrom('device_log_sessions').select('id').execute()).length,
    operations: (await ctx.db.selectFrom('operation_logs').select('id').execute()).length,
  });

  it('refuses strangers past the budget on every route together, before the body is read, storing nothing', async () => {
    const ctx = getCtx();
    const app = appOf(ctx);
    // Three addresses, each far within its own limits, over both routes: the budget is theirs together.
    expect((await deviceLog(app, '203.0.113.1', 'flood-1')).status).toBe(201);
    expect((await operationLog(app, '203.0.113.2')).status).toBe(201);
    expect((await deviceLog(app, '203.0.113.3', 'flood-3')).status).toBe(201);
    const refused = await deviceLog(app, '203.0.113.4', 'flood-4');
    expect([refused.status, refused.body]).toEqual([429, REFUSED]);
    expect(refused.res.headers.get('Retry-After')).toBe('1');
    // Refused before it is read: a body that is not even JSON gets the same 429, not a 400.
    const unread = await operationLog(app, '203.0.113.5', 'not json {');
    expect([unread.status, unread.body]).toEqual([429, REFUSED]);
    expect(await stored(ctx)).toEqual({ devices: 2, operations: 1 });
  });

  it('never counts the clinic’s own: a registered device, a signed-in person, an address someone logged in from', async () => {
    const ctx = getCtx();
    const app = appOf(ctx);
    for (const [i, address] of ['203.0.113.1', '203.0.113.2', '203.0.113.3'].entries())
      expect((await deviceLog(app, address, `flood-${i}`)).status).toBe(201);
    expect((await deviceLog(app, '203.0.113.4', 'flood-4')).body).toEqual(REFUSED);

    const token = await tokenOf(app, ctx.staff);
    const clientId = crypto.randomUUID();
    const proof = await deviceProof(app, token, clientId);
    for (let i = 0; i < 5; i += 1) {
      const device = await deviceLog(app, '192.168.1.20', `tablet-${i}`, { ...proof, 'X-Client-Id': clientId });
      expect(device.status).toBe(201);
      expect((await deviceLog(app, '192.168.1.21', `signed-${i}`, { Authorization: `Bearer ${token}` })).status).toBe(
        201,
      );
    }
    // The clinic's address: someone logged in from it, so its devices without login are let through too.
    const login = await call(app, 'POST', '/api/auth/login', {
      body: { email: ctx.staff.email, password: ctx.staff.password },
      headers: { 'X-Forwarded-For': '192.168.1.30' },
    });
    expect(login.status).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await operationLog(app, '192.168.1.30')).status).toBe(201);
    // A forged credential or token speaks for no one: still a stranger, still refused.
    const forged = { 'X-Device-Credential': 'A'.repeat(43), 'X-Client-Id': clientId };
    expect((await deviceLog(app, '203.0.113.9', 'forged-1', forged)).body).toEqual(REFUSED);
    expect((await deviceLog(app, '203.0.113.9', 'forged-2', { Authorization: 'Bearer x.y.z' })).body).toEqual(REFUSED);
  });
});
