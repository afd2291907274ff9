import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEVICE_CREDENTIAL_HEADER, PROTOCOL_VERSION } from '@clinic/sync-protocol';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, freePort, startPostgres } from '../../../scripts/postgres.mjs';
import { MESSAGES } from '../http/envelope';
import { HEALTH_MESSAGES } from '../health/health.routes';
import { makeCreate } from '../sync/sync-test-helpers';

/*
 * The real server on a PostgreSQL of its own (a throwaway cluster, as `npm test` starts one), which the
 * test stops, crashes and starts again under it: the server must never exit, must answer 503 while
 * PostgreSQL is away, must serve again by itself afterwards, and must keep every push it acknowledged.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const ADMIN_PASSWORD = 'Pg-Faults-Test-Pass-2026!';

async function until<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type Server = { child: ChildProcessWithoutNullStreams; output: () => string; base: string };

function startApp(databaseUrl: string, port: number, dataDir: string): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ADMIN_PASSWORD },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output, base: `http://127.0.0.1:${port}` };
}

async function stopApp(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

async function post(base: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  try {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { data: unknown; code: string | null; message: string } };
  } catch {
    return { status: 0, body: { data: null, code: null, message: '' } };
  }
}

async function health(base: string) {
  const res = await fetch(`${base}/api/health`).catch(() => null);
  return res ? { status: res.status, body: (await res.json()) as Record<string, unknown> } : null;
}

/** A tablet as far as this test needs one: signed in, registered, pushing customers and keeping its outbox. */
async function tablet(base: string) {
  const login = await post(base, '/api/auth/login', { email: 'admin', password: ADMIN_PASSWORD });
  expect(login.status).toBe(200);
  const token = (login.body.data as { accessToken: string }).accessToken;
  const clientId = crypto.randomUUID();
  const auth = { authorization: `Bearer ${token}` };
  const registered = await post(base, '/api/sync/register', { protocolVersion: PROTOCOL_VERSION, clientId }, auth);
  expect(registered.status).toBe(200);
  const headers = { ...auth, [DEVICE_CREDENTIAL_HEADER]: (registered.body.data as { credential: string }).credential };
  let next = 1;
  const outbox: { id: number; customerId: string }[] = [];
  const acknowledged: string[] = [];
  const answers: number[] = [];
  return {
    acknowledged,
    answers,
    outbox,
    /** Adds one customer to the outbox and pushes the whole outbox; 200 empties it, anything else keeps it. */
    async work(): Promise<{ status: number; code: string | null; message: string }> {
      outbox.push({ id: next++, customerId: crypto.randomUUID() });
      const res = await post(
        base,
        '/api/sync/push',
        {
          protocolVersion: PROTOCOL_VERSION,
          clientId,
          mutations: outbox.map((m) => makeCreate(m.id, { id: m.customerId })),
        },
        headers,
      );
      answers.push(res.status);
      if (res.status === 200) acknowledged.push(...outbox.splice(0).map((m) => m.customerId));
      return { status: res.status, code: res.body.code, message: res.body.message };
    },
  };
}

describe('PostgreSQL goes away and comes back under a running server', () => {
  let cluster: Cluster;
  let dataDir: string;
  beforeAll(async () => {
    // Durable: with the tests' usual fsync=off and synchronous_commit=off a crash loses commits PostgreSQL
    // itself had acknowledged, which is not what this test is about.
    cluster = await startPostgres({ log: () => undefined, durable: true });
    dataDir = mkdtempSync(join(tmpdir(), 'clinic-pg-faults-'));
  }, 120_000);
  afterAll(() => {
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const customersOnServer = async () => {
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      return new Set((await client.query<{ id: string }>('select id from customers')).rows.map((r) => r.id));
    } finally {
      await client.end();
    }
  };

  it('survives terminated connections, a restart and a crash: 503 while away, back by itself, nothing acknowledged lost', async () => {
    const server = startApp(cluster.url, await freePort(), dataDir);
    try {
      await until(() => (server.output().includes('listening on') ? true : undefined));
      const device = await tablet(server.base);
      for (let i = 0; i < 5; i++) expect((await device.work()).status).toBe(200);

      // 1. Every connection of the server terminated (pg_terminate_backend), between its requests.
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      await admin.end();
      await until(async () => ((await device.work()).status === 200 ? true : undefined), 30_000);

      // 2. PostgreSQL stopped as routine maintenance does (fast: connections terminated), pushes meanwhile.
      cluster.halt('fast');
      const away = await device.work();
      expect(away).toEqual({ status: 503, code: 'DATABASE_UNAVAILABLE', message: MESSAGES.databaseUnavailable });
      const down = await health(server.base);
      expect(down?.status).toBe(503);
      expect(down?.body).toMatchObject({
        code: 'DATABASE_UNAVAILABLE',
        message: HEALTH_MESSAGES.unreachable,
        data: { status: 'error', storage: 'unreachable' },
      });
      expect(server.child.exitCode).toBeNull();
      cluster.resume();
      await until(async () => ((await health(server.base))?.status === 200 ? true : undefined));
      await until(async () => ((await device.work()).status === 200 ? true : undefined), 30_000);

      // 3. A crash of the postmaster (immediate stop) while pushes run.
      const pushing = (async () => {
        for (let i = 0; i < 40; i++) await device.work();
      })();
      await new Promise((resolve) => setTimeout(resolve, 200));
      cluster.halt('immediate');
      await new Promise((resolve) => setTimeout(resolve, 500));
      cluster.resume();
      await pushing;
      await until(async () => ((await device.work()).status === 200 ? true : undefined), 30_000);

      expect(server.child.exitCode, server.output()).toBeNull();
      expect(server.output()).not.toMatch(/Unhandled 'error' event/);
      // Only 200s and 503s: never a 500 for PostgreSQL being away.
      expect(new Set(device.answers.filter((status) => status !== 200 && status !== 503))).toEqual(new Set());
      expect(device.outbox).toEqual([]);
      const stored = await customersOnServer();
      expect(device.acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      expect(stored.size).toBe(device.acknowledged.length);
    } finally {
      await stopApp(server);
    }
  }, 180_000);

  it('a start while PostgreSQL is down waits, says so, answers health 503, and serves once it is up', async () => {
    cluster.halt('fast');
    const port = await freePort();
    const server = startApp(cluster.url, port, dataDir);
    try {
      await until(() => (server.output().includes('PostgreSQL is not reachable') ? true : undefined));
      expect(server.output()).toMatch(/PostgreSQL is not reachable \(ECONNREFUSED.*\); trying again in 2 s/);
      const waiting = await until(() => health(server.base).then((h) => h ?? undefined));
      expect(waiting).toMatchObject({
        status: 503,
        body: { code: 'DATABASE_UNAVAILABLE', data: { storage: 'unreachable' } },
      });
      const refused = await post(server.base, '/api/auth/login', { email: 'admin', password: ADMIN_PASSWORD });
      expect(refused).toMatchObject({ status: 503, body: { code: 'DATABASE_UNAVAILABLE' } });
      expect(server.child.exitCode).toBeNull();

      cluster.resume();
      await until(() => (server.output().includes('listening on') ? true : undefined));
      expect((await health(server.base))?.status).toBe(200);
      const device = await tablet(server.base);
      expect((await device.work()).status).toBe(200);
    } finally {
      await stopApp(server);
    }
  }, 180_000);
});
