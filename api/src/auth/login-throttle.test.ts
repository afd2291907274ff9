import { afterEach, describe, expect, it, vi } from 'vitest';
import { listAudit } from '../audit/audit.repository';
import { createApp } from '../app';
import { parseTrustProxy } from '../http/trust-proxy';
import { type TestCtx, describeEachDatabase, failure, testConfig, useFakeDate, MINUTE, advance } from '../test/harness';
import { LOGIN_LIMITS, type LoginLimits, loginThrottle } from './login-throttle';
import { LOCKOUT } from './lockout.repository';
import { hashesStarted } from './password';
import { memoryState } from '../cluster/shared-state';
import { isPostgres } from '../db/dialect';

const LOCKED = failure('TOO_MANY_LOGIN_ATTEMPTS', 'ログイン試行回数が上限を超えました。15分後に再試行してください。');

/** The app behind one proxy, so each request names its address in X-Forwarded-For. */
const appWith = (ctx: TestCtx, limits: Partial<LoginLimits> = {}) =>
  createApp({
    db: ctx.db,
    config: { ...testConfig, loginLimits: { ...LOGIN_LIMITS, strangerChecksPerSecond: Infinity, ...limits } },
    trustProxy: parseTrustProxy('1'),
  });

async function loginFrom(app: ReturnType<typeof createApp>, address: string, email: string, password: string) {
  const res = await app.request('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify({ email, password }),
  });
  return { status: res.status, body: await res.json() };
}

describe('a login’s turn in the hashing queue', () => {
  it('lets an address someone logged in from use the reserved slot, until it fails a login', async () => {
    const now = () => new Date('2026-11-22T09:00:00.000Z');
    const throttle = loginThrottle(LOGIN_LIMITS, now, memoryState(now));
    expect(await throttle.turnOf('192.168.1.20')).toMatchObject({ standing: 0, reserve: false });
    await throttle.succeed('192.168.1.20');
    expect(await throttle.knows('192.168.1.20')).toBe(true);
    expect(await throttle.turnOf('192.168.1.20')).toMatchObject({ standing: -1, reserve: true });
    // A flood from the clinic's own address fails: it still goes first, but never beside another check.
    await throttle.fail('192.168.1.20');
    expect(await throttle.turnOf('192.168.1.20')).toMatchObject({ standing: -1, reserve: false });
    expect(await throttle.knows('203.0.113.7')).toBe(false);
  });
});

describeEachDatabase('login throttling', (getCtx) => {
  afterEach(() => vi.useRealTimers());

  it('refuses an address past its failures before any hashing, the right password included; others log in', async () => {
    useFakeDate();
    const ctx = getCtx();
    const app = appWith(ctx, { addressMaxFailures: 3 });
    // Each failure names another ID, so no account's own lockout is reached: only the address is counted.
    for (const id of ['nobody1', 'nobody2', 'staff1'])
      expect((await loginFrom(app, '203.0.113.5', id, 'wrong-password-1')).status).toBe(401);
    const hashed = hashesStarted();
    const refused = await loginFrom(app, '203.0.113.5', ctx.admin.username, ctx.admin.password);
    expect([refused.status, refused.body]).toEqual([429, LOCKED]);
    expect(hashesStarted()).toBe(hashed);
    expect((await loginFrom(app, '198.51.100.20', ctx.admin.username, ctx.admin.password)).status).toBe(200);
    // The window passes and the address may try again.
    advance(15 * MINUTE);
    expect((await loginFrom(app, '203.0.113.5', ctx.admin.username, ctx.admin.password)).status).toBe(200);
  });

  it('answers every attempt of a flood at once beyond a few, and a person elsewhere is not queued behind it', async () => {
    const ctx = getCtx();
    const app = appWith(ctx);
    const order: string[] = [];
    const flood = Array.from({ length: 40 }, (_, i) =>
      loginFrom(app, '203.0.113.7', `unknown${i}`, 'wrong-password-1').then((r) => {
        order.push(`flood:${r.status}`);
        return r;
      }),
    );
    const person = loginFrom(app, '198.51.100.20', ctx.admin.username, ctx.admin.password).then((r) => {
      order.push('person');
      return r;
    });
    const answers = await Promise.all(flood);
    expect((await person).status).toBe(200);
    // No attempt is left waiting: those beyond the address's share are refused with the lockout's words.
    // How many were checked depends on how fast the checks end while the flood arrives (never fewer than
    // the share); the pool's own test (hash-pool.test.ts) holds the share exactly.
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(LOGIN_LIMITS.addressMaxPending);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(
      answers.filter((a) => a.status === 429).every((a) => JSON.stringify(a.body) === JSON.stringify(LOCKED)),
    ).toBe(true);
    // Of the flood's checked attempts, only those already hashing when the person came answer first. On
    // PostgreSQL the throttle's counts are the cluster's (cluster/shared-state.ts): the person's reads wait in the
    // connection pool behind the flood's, so at most one more round of the address's lanes may end first.
    const checkedBefore = order.slice(0, order.indexOf('person')).filter((o) => o === 'flood:401');
    expect(checkedBefore.length).toBeLessThanOrEqual(3 + (isPostgres(ctx.db) ? LOGIN_LIMITS.addressMaxPending : 0));
  });

  it('answers a flood from many addresses at once past the queue, and the clinic’s own address goes first', async () => {
    const ctx = getCtx();
    const app = appWith(ctx);
    // The clinic's tablet logged in from its address before.
    expect((await loginFrom(app, '192.168.1.5', ctx.admin.username, ctx.admin.password)).status).toBe(200);
    const order: string[] = [];
    const flood = Array.from({ length: 100 }, (_, i) =>
      loginFrom(app, `203.0.${113 + (i % 2)}.${i}`, `unknown${i}`, 'wrong-password-1').then((r) => {
        order.push(`flood:${r.status}`);
        return r;
      }),
    );
    const person = loginFrom(app, '192.168.1.5', ctx.admin.username, ctx.admin.password).then((r) => {
      order.push('person');
      return r;
    });
    const answers = await Promise.all(flood);
    expect((await person).status).toBe(200);
    // Every attempt answered: those past the queue at once, with the lockout's words.
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((a) => JSON.stringify(a.body) === JSON.stringify(LOCKED))).toBe(true);
    expect(answers.every((a) => a.status === 401 || a.status === 429)).toBe(true);
    const checked = answers.filter((a) => a.status === 401).length;
    const checkedBefore = order.slice(0, order.indexOf('person')).filter((o) => o === 'flood:401').length;
    expect(checkedBefore).toBeLessThan(checked / 2);
  });

  it('checks strangers’ passwords only so many a second, all addresses together; the clinic’s own are not counted', async () => {
    const ctx = getCtx();
    const app = appWith(ctx, { strangerChecksPerSecond: 0.001 });
    // The burst of four, then refused at once, whatever the address.
    const tries = [];
    for (let i = 0; i < 6; i++)
      tries.push((await loginFrom(app, `203.0.113.${i}`, `nobody${i}`, 'wrong-pass-1')).status);
    expect(tries).toEqual([401, 401, 401, 401, 429, 429]);
    const hashed = hashesStarted();
    expect((await loginFrom(app, '203.0.113.50', ctx.admin.username, ctx.admin.password)).body).toEqual(LOCKED);
    expect(hashesStarted()).toBe(hashed);
    // An address someone logged in from before is not a stranger's (its first login was within the burst).
    const fresh = appWith(ctx, { strangerChecksPerSecond: 0.001 });
    expect((await loginFrom(fresh, '192.168.1.5', ctx.admin.username, ctx.admin.password)).status).toBe(200);
    for (let i = 0; i < 4; i++) await loginFrom(fresh, `203.0.113.${i}`, `nobody${i}`, 'wrong-pass-1');
    expect((await loginFrom(fresh, '192.168.1.5', ctx.admin.username, ctx.admin.password)).status).toBe(200);
  });

  it('writes the access log once for a locked account’s refused attempts, not once each', async () => {
    const ctx = getCtx();
    const app = appWith(ctx);
    for (let i = 0; i < 5; i++) await loginFrom(app, `203.0.113.${i}`, ctx.staff.username, 'wrong-pass-1');
    const locked = async () => (await listAudit(ctx.db, { action: 'login_locked' })).length;
    const before = await locked();
    for (let i = 0; i < 10; i++)
      expect((await loginFrom(app, `203.0.113.${i}`, ctx.staff.username, 'wrong-pass-1')).body).toEqual(LOCKED);
    expect(await locked()).toBe(before + 1);
  });

  it('runs one account’s checks only a few at a time, so its lockout cannot be outrun by a burst', async () => {
    const ctx = getCtx();
    const app = appWith(ctx);
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => loginFrom(app, `203.0.113.${i + 10}`, ctx.staff.username, 'wrong-pass-1')),
    );
    // Before, all twelve were checked at once (each had read the account before any failure counted)
    // and all counted; now at most the lockout's five are checked, the rest refused without a check.
    expect(burst.filter((b) => b.status === 401).length).toBeLessThanOrEqual(LOCKOUT.maxFailures);
    expect(burst.every((b) => b.status === 401 || JSON.stringify(b.body) === JSON.stringify(LOCKED))).toBe(true);
  });
});
