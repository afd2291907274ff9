import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/postgres.mjs';
import { ensureStrace } from '../../../scripts/strace.mjs';
import { type MediaTestApp, jpeg, newCustomer, syncCapture, tusUpload } from '../media/media-test-support';
import { makeCreate, pushOk, tokenOf } from '../sync/sync-test-helpers';

/*
 * "200 means on disk", checked on the real server's system calls: it runs under strace, and for each
 * push the WAL's last write is followed, on the same thread, by an fsync of the WAL before the reply
 * is written to the socket (the background checkpointer's own fsyncs, on another thread, do not
 * count); for a finished upload the photo, its tus state file and their folder are fsynced after their
 * last write and before the reply. With `synchronous` lowered (NORMAL in WAL mode) a commit is not
 * fsynced, and this fails.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const ADMIN = { username: 'admin', password: 'Fsync-Order-Test-Pass-2026!' };

type Call = { line: number; tid: string; name: string; fd: string; data: string };

/** strace -f -y output as completed calls in the order they completed (an unfinished call counts where it resumed). */
function parse(log: string): Call[] {
  const calls: Call[] = [];
  const pending = new Map<string, string>();
  log.split('\n').forEach((raw, line) => {
    const m = /^(\d+)\s+(.*)$/.exec(raw);
    if (!m) return;
    const [, tid, rest] = m as unknown as [string, string, string];
    let text = rest;
    if (text.endsWith('<unfinished ...>')) {
      pending.set(tid, text.slice(0, -'<unfinished ...>'.length));
      return;
    }
    const resumed = /^<\.\.\. \w+ resumed>(.*)$/.exec(text);
    if (resumed) {
      text = (pending.get(tid) ?? '') + resumed[1];
      pending.delete(tid);
    }
    const call = /^(\w+)\((\d+)<([^>]*)>(.*)$/.exec(text);
    if (!call) return;
    calls.push({ line, tid, name: call[1]!, fd: call[3]!, data: call[4]! });
  });
  return calls;
}

const WRITES = new Set(['write', 'pwrite64', 'writev', 'pwritev', 'pwritev2']);
const SYNCS = new Set(['fsync', 'fdatasync']);
const isReply = (c: Call, status: string) =>
  WRITES.has(c.name) && /^(?:socket|TCP)/.test(c.fd) && c.data.includes(`HTTP/1.1 ${status}`);

describe('the server fsyncs before it answers (under strace)', () => {
  let dataDir: string;
  let traceFile: string;
  let child: ChildProcess;
  let output = '';
  let t: MediaTestApp;

  beforeAll(async () => {
    ensureStrace();
    dataDir = mkdtempSync(join(tmpdir(), 'clinic-fsync-order-'));
    traceFile = join(dataDir, '..', `${dataDir.split('/').pop()}.strace`);
    const port = await freePort();
    child = spawn(
      'strace',
      [
        '-f',
        '-qq',
        '-y',
        '-s',
        '64',
        '-e',
        'trace=write,pwrite64,writev,pwritev,pwritev2,fsync,fdatasync',
        '-o',
        traceFile,
        process.execPath,
        '--import',
        'tsx',
        'api/src/server.ts',
      ],
      {
        cwd: root,
        // Its own process group: the cleanup ends strace and the server it traces together.
        detached: true,
        env: {
          ...process.env,
          PORT: String(port),
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          ADMIN_USERNAME: ADMIN.username,
          ADMIN_PASSWORD: ADMIN.password,
        },
      },
    );
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 90_000;
    while (!output.includes('listening on')) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const base = `http://127.0.0.1:${port}`;
    // The media helpers speak to an app through request(); here that is the real server over HTTP.
    const app = { request: (path: string, init?: RequestInit) => fetch(`${base}${path}`, init) } as never;
    t = {
      app,
      dir: join(dataDir, 'media'),
      token: await tokenOf(app, ADMIN),
      clientId: crypto.randomUUID(),
      nextMutationId: 1,
      cleanup: () => undefined,
    };
  }, 120_000);

  afterAll(async () => {
    if (child?.pid && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(traceFile, { force: true });
  });

  it('pushes: the WAL is fsynced by the writer after its last write and before each 200', async () => {
    const marks: number[] = [];
    for (let i = 0; i < 5; i++) {
      const batch = Array.from({ length: 3 }, () => makeCreate(t.nextMutationId++, { id: crypto.randomUUID() }));
      await pushOk(t.app, t.token, t.clientId, batch);
      marks.push(i);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const calls = parse(readFileSync(traceFile, 'utf8'));
    // Each push's reply, and the WAL writes before it since the previous reply.
    const replies = calls.filter((c) => isReply(c, '200') && c.data.includes('lastMutationId'));
    expect(replies.length).toBeGreaterThanOrEqual(marks.length);
    const checked = replies.slice(-marks.length).map((reply, n, all) => {
      const from = n === 0 ? -1 : all[n - 1]!.line;
      const between = calls.filter((c) => c.line > from && c.line < reply.line);
      const walWrites = between.filter((c) => WRITES.has(c.name) && c.fd.endsWith('clinic.sqlite-wal'));
      const last = walWrites[walWrites.length - 1];
      if (!last) return 'no WAL write';
      const synced = between.some(
        (c) => SYNCS.has(c.name) && c.fd.endsWith('clinic.sqlite-wal') && c.tid === last.tid && c.line > last.line,
      );
      return synced ? 'fsynced before the reply' : 'NOT fsynced before the reply';
    });
    expect(checked).toEqual(marks.map(() => 'fsynced before the reply'));
  }, 60_000);

  it('a finished upload: the photo, its state file and their folder are fsynced after the last write, before the reply', async () => {
    const photo = await jpeg();
    const customerId = await newCustomer(t);
    const capture = await syncCapture(t, customerId, photo);
    expect((await tusUpload(t, capture.id, photo)).status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const calls = parse(readFileSync(traceFile, 'utf8'));
    const file = `/media/files/${capture.id}`;
    const writes = calls.filter((c) => WRITES.has(c.name) && c.fd.endsWith(file));
    const stateWrites = calls.filter((c) => WRITES.has(c.name) && c.fd.endsWith(`${file}.json`));
    const lastWrite = Math.max(...[...writes, ...stateWrites].map((c) => c.line));
    const reply = calls.find((c) => c.line > lastWrite && isReply(c, '204'));
    expect(reply, 'the last PATCH answered').toBeDefined();
    const synced = (path: string) =>
      calls.some((c) => SYNCS.has(c.name) && c.fd.endsWith(path) && c.line > lastWrite && c.line < reply!.line);
    expect({
      file: synced(file),
      state: synced(`${file}.json`),
      folder: synced('/media/files'),
    }).toEqual({ file: true, state: true, folder: true });
  }, 60_000);
});
