import { afterEach, expect, it, vi } from 'vitest';
import { deviceUpload, sessionCount } from '../android-logs/android-logs-test-support';
import { createApp } from '../app';
import { logBatch, logEntry } from '../pwa-operations/pwa-operations-test-support';
import { type TestCtx, describeEachDatabase, failure, testConfig, useFakeDate } from '../test/harness';
import { parseTrustProxy } from './trust-proxy';

const OTHER_SITE = failure(
  'FORBIDDEN',
  '別のサイトからの送信は受け付けられません。このアプリの画面から操作してください',
);

/** A request as Node hands it over: the socket's peer is `peer` (app.request has no socket of its own). */
const fromSocket = (peer: string) => ({
  incoming: { socket: { remoteAddress: peer, remoteFamily: peer.includes(':') ? 'IPv6' : 'IPv4' } },
});

describeEachDatabase('requests from other sites and through a proxy', (getCtx) => {
  afterEach(() => vi.useRealTimers());

  const send = (
    app: ReturnType<typeof createApp>,
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: unknown,
    peer = '127.0.0.1',
  ) =>
    app.request(
      `http://localhost:8080${path}`,
      {
        method,
        headers: { 'Content-Type': 'application/json', ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      },
      fromSocket(peer),
    );
  const loginBody = (ctx: TestCtx) => ({ email: ctx.admin.username, password: ctx.admin.password });

  it('refuses a state-changing /api request whose Origin names another site, with 403 and nothing stored', async () => {
    const ctx = getCtx();
    for (const origin of [
      'http://evil.example',
      'http://localhost:8081',
      'http://localhost',
      'null',
      'http://localhost:8080.evil.example',
      'http://localhost:8080/path',
    ]) {
      const login = await send(ctx.app, 'POST', '/api/auth/login', { Origin: origin }, loginBody(ctx));
      expect([login.status, await login.json()], origin).toEqual([403, OTHER_SITE]);
      const upload = await send(ctx.app, 'POST', '/api/android-logs/upload', { Origin: origin }, deviceUpload());
      expect(upload.status, origin).toBe(403);
      const log = await send(ctx.app, 'POST', '/api/pwa-operations/log', { Origin: origin }, logBatch([logEntry()]));
      expect(log.status, origin).toBe(403);
      for (const method of ['PUT', 'DELETE', 'PATCH'])
        expect(
          (await send(ctx.app, method, `/api/customers/${crypto.randomUUID()}`, { Origin: origin }, {})).status,
        ).toBe(403);
    }
    expect(await sessionCount(ctx)).toBe(0);
    expect(await ctx.db.selectFrom('operation_logs').select('id').execute()).toEqual([]);
  });

  it('lets through the own origin, a request without Origin (a native client) and reads from anywhere', async () => {
    const ctx = getCtx();
    expect(
      (await send(ctx.app, 'POST', '/api/auth/login', { Origin: 'http://localhost:8080' }, loginBody(ctx))).status,
    ).toBe(200);
    expect((await send(ctx.app, 'POST', '/api/auth/login', {}, loginBody(ctx))).status).toBe(200);
    expect((await send(ctx.app, 'POST', '/api/android-logs/upload', {}, deviceUpload())).status).toBe(201);
    // A proxy in front serves the page over HTTPS under the same host: still our own site.
    expect(
      (await send(ctx.app, 'POST', '/api/android-logs/upload', { Origin: 'https://localhost:8080' }, deviceUpload()))
        .status,
    ).toBe(201);
    expect((await send(ctx.app, 'GET', '/api/health', { Origin: 'http://evil.example' })).status).toBe(200);
    // The web pages themselves are not /api: a form posted to them changes nothing anyway.
    expect((await send(ctx.app, 'POST', '/nothing-here', { Origin: 'http://evil.example' })).status).toBe(404);
  });

  it('behind a trusted proxy takes the own origin from X-Forwarded-Proto/Host, and ignores them otherwise', async () => {
    const ctx = getCtx();
    const forwarded = {
      'X-Forwarded-Proto': 'https',
      'X-Forwarded-Host': 'clinic.example',
      'X-Forwarded-For': '198.51.100.7',
    };
    const proxied = createApp({ db: ctx.db, config: testConfig, trustProxy: parseTrustProxy('loopback') });
    expect(
      (
        await send(
          proxied,
          'POST',
          '/api/auth/login',
          { ...forwarded, Origin: 'https://clinic.example' },
          loginBody(ctx),
        )
      ).status,
    ).toBe(200);
    expect(
      (await send(proxied, 'POST', '/api/auth/login', { ...forwarded, Origin: 'https://evil.example' }, loginBody(ctx)))
        .status,
    ).toBe(403);
    // Not from the listed proxy: its headers are the client's own, and name no site of ours.
    expect(
      (
        await send(
          proxied,
          'POST',
          '/api/auth/login',
          { ...forwarded, Origin: 'https://clinic.example' },
          loginBody(ctx),
          '203.0.113.1',
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await send(
          ctx.app,
          'POST',
          '/api/auth/login',
          { ...forwarded, Origin: 'https://clinic.example' },
          loginBody(ctx),
        )
      ).status,
    ).toBe(403);
  });

  it('limits and records each client behind a trusted proxy by its own address, and a spoofed header buys nothing without one', async () => {
    useFakeDate();
    const ctx = getCtx();
    const proxied = createApp({ db: ctx.db, config: testConfig, trustProxy: parseTrustProxy('1') });
    const upload = (app: ReturnType<typeof createApp>, client: string) =>
      send(app, 'POST', '/api/android-logs/upload', { 'X-Forwarded-For': client }, deviceUpload());
    for (let i = 0; i < 30; i += 1) expect((await upload(proxied, '198.51.100.1')).status).toBe(201);
    expect((await upload(proxied, '198.51.100.1')).status).toBe(429);
    // Another clinic device behind the same proxy has its own budget.
    expect((await upload(proxied, '198.51.100.2')).status).toBe(201);
    const ips = await ctx.db.selectFrom('device_log_sessions').select('ip').distinct().orderBy('ip').execute();
    expect(ips.map((r) => r.ip)).toEqual(['198.51.100.1', '198.51.100.2']);

    // Without TRUST_PROXY a client cannot make itself new by naming another address.
    for (let i = 0; i < 30; i += 1) expect((await upload(ctx.app, `203.0.113.${i}`)).status).toBe(201);
    expect((await upload(ctx.app, '203.0.113.99')).status).toBe(429);
    const last = await ctx.db
      .selectFrom('device_log_sessions')
      .select('ip')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last.ip).toBe('127.0.0.1');
  });
});
