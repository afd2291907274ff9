import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createDb } from '../db/connect';
import type { Database } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { seedUser, testConfig } from '../test/harness';
import { KEEP_ALIVE_MS, LINGER_BYTES, LINGER_MS, createNodeServer, startServer } from './node-server';

type Sent = { status: number; headers: http.IncomingHttpHeaders; reused: boolean; text: string };

// Real sockets, on the loopback interface only.
const HOST = '127.0.0.1';

describe('the Node server keeps a keep-alive connection usable', () => {
  let dir: string;
  let db: Kysely<Database>;
  let server: http.Server;
  let port: number;
  let connections = 0;
  let agent: http.Agent;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'clinic-node-server-'));
    db = createDb({ dataDir: dir });
    await migrateToLatest(db);
    await seedUser(db, {
      username: 'admin',
      email: 'admin@clinic.local',
      password: 'admin-password-123',
      role: 'admin',
    });
    ({ server, port } = await startServer(createApp({ db, config: testConfig }), 0, HOST));
    server.on('connection', () => (connections += 1));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(() => agent?.destroy());

  /** One request on the shared agent: one socket at most, kept alive between requests. */
  function send(method: string, path: string, body?: { bytes: number; chunked?: boolean }): Promise<Sent> {
    const payload = body ? JSON.stringify({ email: 'admin', password: 'x'.repeat(body.bytes) }) : undefined;
    const headers: Record<string, string> = payload ? { 'content-type': 'application/json' } : {};
    if (payload && !body?.chunked) headers['content-length'] = String(Buffer.byteLength(payload));
    return new Promise((resolve, reject) => {
      const req = http.request({ host: HOST, port, method, path, agent, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, reused: req.reusedSocket, text }),
        );
      });
      req.setTimeout(5_000, () => req.destroy(new Error(`${method} ${path}: no answer within 5 s`)));
      req.on('error', reject);
      if (payload && body?.chunked) {
        // Several writes without a length: sent chunked.
        for (let i = 0; i < payload.length; i += 64 * 1024) req.write(payload.slice(i, i + 64 * 1024));
      } else if (payload) {
        req.write(payload);
      }
      req.end();
    });
  }

  /** A refused request, then a health check that must be answered (on the same socket when `reuse`). */
  async function refusedThenHealthy(
    method: string,
    path: string,
    body: { bytes: number; chunked?: boolean },
    expected: number,
    reuse: boolean,
  ) {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const before = connections;
    const refused = await send(method, path, body);
    expect(refused.status).toBe(expected);
    const health = await send('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.text)).toMatchObject({ data: { status: 'ok' } });
    expect(health.reused).toBe(reuse);
    expect(connections - before).toBe(reuse ? 1 : 2);
    return refused;
  }

  it('after a 401 answered before a 300 KB body was read', async () => {
    await refusedThenHealthy('POST', '/api/customers', { bytes: 300 * 1024 }, 401, true);
    await refusedThenHealthy('PUT', `/api/customers/${crypto.randomUUID()}`, { bytes: 300 * 1024 }, 401, true);
    await refusedThenHealthy('POST', '/api/sync/push', { bytes: 300 * 1024 }, 401, true);
  });

  it('after a 404 for an unknown /api path', async () => {
    await refusedThenHealthy('POST', '/api/nope', { bytes: 300 * 1024 }, 404, true);
  });

  it('after a small body and a chunked one that were not read', async () => {
    await refusedThenHealthy('POST', '/api/customers', { bytes: 2 * 1024 }, 401, true);
    await refusedThenHealthy('POST', '/api/customers', { bytes: 300 * 1024, chunked: true }, 401, true);
  });

  it('after a 413: the connection is closed cleanly and the next request gets a new one', async () => {
    for (const body of [{ bytes: 1.5 * 1024 * 1024 }, { bytes: 1.5 * 1024 * 1024, chunked: true }]) {
      const refused = await refusedThenHealthy('POST', '/api/auth/login', body, 413, false);
      expect(refused.headers.connection).toBe('close');
    }
  });

  /**
   * A chunked body far over the limit, sent whole before the answer is read, as a simple client does.
   * Answering early is fine; closing with the body unread makes the kernel reset the connection, and
   * the reset throws away the answer the client has not read yet.
   */
  function sendHugeThenRead(path: string, bytes: number): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, HOST);
      let answer = '';
      socket.pause();
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
      socket.on('end', () => resolve(answer));
      socket.on('error', (error) =>
        reject(new Error(`${path}: ${error.message} after reading ${JSON.stringify(answer.slice(0, 20))}`)),
      );
      socket.setTimeout(15_000, () => socket.destroy(new Error('no answer within 15 s')));
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: ${HOST}:${port}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
      );
      const chunk = Buffer.alloc(64 * 1024, 'x');
      for (let sent = 0; sent < bytes; sent += chunk.length)
        socket.write(Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]));
      // Read only once everything was handed to the network.
      socket.write('0\r\n\r\n', () => socket.resume());
    });
  }

  it('answers a 20 MB chunked body with 413 and Connection: close that the client reads, every time (a lingering close)', async () => {
    for (let i = 0; i < 5; i += 1) {
      for (const path of ['/api/customers', '/api/users']) {
        const answer = await sendHugeThenRead(path, 20 * 1024 * 1024);
        const [head = '', body = ''] = answer.split('\r\n\r\n');
        expect(head, `${path} #${i}`).toMatch(/^HTTP\/1\.1 413 /);
        expect(head.toLowerCase()).toContain('connection: close');
        expect(JSON.parse(body)).toEqual({
          success: false,
          data: null,
          error: 'リクエストが大きすぎます',
          message: 'リクエストが大きすぎます',
          code: 'PAYLOAD_TOO_LARGE',
        });
      }
    }
  }, 120_000);

  it('stops reading a refused body after LINGER_BYTES: a body without end does not keep the server reading', async () => {
    const outcome = await sendHugeThenRead('/api/customers', LINGER_BYTES + 64 * 1024 * 1024).then(
      () => 'the server read every byte',
      (error: Error) => error.message,
    );
    expect(outcome).toMatch(/ECONNRESET|EPIPE/);
  }, 60_000);

  it('closes a connection whose refused body stops coming within LINGER_MS, after the answer', async () => {
    // The server's side of the connection, closed by the server.
    const closed = new Promise<number>((resolve) =>
      server.once('connection', (ours: net.Socket) => ours.on('close', () => resolve(Date.now()))),
    );
    // Half-open: the end of the answer does not end what the client sends.
    const socket = net.connect({ port, host: HOST, allowHalfOpen: true });
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    socket.write(`POST /api/customers HTTP/1.1\r\nHost: ${HOST}:${port}\r\nTransfer-Encoding: chunked\r\n\r\n`);
    const chunk = Buffer.alloc(2 * 1024 * 1024, 'x');
    const started = await new Promise<number>((resolve) =>
      socket.write(Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]), () =>
        resolve(Date.now()),
      ),
    );
    // Nothing more is sent, and the body never ends.
    const lasted = (await closed) - started;
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(lasted).toBeLessThan(LINGER_MS + 8_000);
    socket.destroy();
  }, 30_000);

  it('after an ordinary answer that read its body', async () => {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const payload = JSON.stringify({ email: 'admin', password: 'admin-password-123' });
    const loggedIn = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: HOST,
          port,
          method: 'POST',
          path: '/api/auth/login',
          agent,
          headers: { 'content-type': 'application/json' },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
    expect(loggedIn).toBe(200);
    expect((await send('GET', '/api/health')).reused).toBe(true);
  });

  it("keeps a tablet's connection open between its 30 s sync rounds", () => {
    const server = createNodeServer({ fetch: () => new Response('') });
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_MS);
    expect(KEEP_ALIVE_MS).toBeGreaterThan(30_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });
});
