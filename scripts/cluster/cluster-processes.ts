import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';
import { freePort } from '../postgres.mjs';

/**
 * A free port below Linux's ephemeral range (32768 and up): a process restarted on its port must find
 * it free, and a port from the ephemeral range may meanwhile be the local end of some outgoing connection.
 */
async function stablePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));
export const HAPROXY_CONFIG = join(root, 'deploy/haproxy.cfg');

/** Debian's haproxy, installed with apt-get when missing (as scripts/browser-deps.mjs does for chromium). */
export function ensureHaproxy(): string {
  const path = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => existsSync(p));
  if (path) return path;
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit', env });
  execSync(`${sudo}apt-get install -y -qq haproxy`, { stdio: 'inherit', env });
  return ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => existsSync(p))!;
}

/** A child whose output is kept (shown when the test fails) and which ends with the test run. */
function child(command: string, args: string[], env: NodeJS.ProcessEnv): { proc: ChildProcess; output: () => string } {
  const proc = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  proc.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  proc.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const end = () => proc.kill('SIGKILL');
  process.once('exit', end);
  proc.once('exit', () => process.off('exit', end));
  return { proc, output: () => output };
}

async function until(what: string, ready: () => Promise<boolean> | boolean, ms = 60_000): Promise<void> {
  const stop = Date.now() + ms;
  while (!(await ready())) {
    if (Date.now() > stop) throw new Error(`${what}: not ready after ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const answers = (url: string) =>
  fetch(url)
    .then(() => true)
    .catch(() => false);

/** One API process (`node api/src/server.ts`, what `npm start` runs) with its own DATA_DIR. */
export class ApiProcess {
  port = 0;
  private running: ReturnType<typeof child> | null = null;
  private readonly dataDir = mkdtempSync(join(tmpdir(), 'clinic-cluster-node-'));

  constructor(
    readonly name: string,
    private readonly env: Record<string, string>,
  ) {}

  async start(): Promise<void> {
    if (this.running && this.running.proc.exitCode === null && this.running.proc.signalCode === null)
      throw new Error(`${this.name} is still running`);
    this.port ||= await stablePort();
    const running = child(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
      ...process.env,
      ...this.env,
      PORT: String(this.port),
      DATA_DIR: this.dataDir,
    });
    this.running = running;
    await until(`${this.name} (${running.output()})`, () => {
      if (running.proc.exitCode !== null) throw new Error(`${this.name} ended: ${running.output()}`);
      return running.output().includes('listening on');
    });
  }

  /** SIGKILL: no shutdown of any kind, as a machine that loses power. */
  async kill(): Promise<void> {
    const proc = this.running?.proc;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGKILL');
    await exited;
  }

  output(): string {
    return this.running?.output() ?? '';
  }

  get pid(): number {
    return this.running?.proc.pid ?? 0;
  }

  async stop(): Promise<void> {
    await this.kill();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/**
 * HAProxy with the repository's example configuration, only its addresses changed to the test's
 * ports, and one header added that names the process that answered (so the test can see the spread).
 * Used by tests/cluster/cluster.test.ts and `npm run bench:load -- --nodes 1,3`.
 */
export async function startHaproxy(nodes: ApiProcess[]) {
  const binary = ensureHaproxy();
  const port = await freePort();
  let config = readFileSync(HAPROXY_CONFIG, 'utf8').replace(/^(\s*bind) :8080$/m, `$1 127.0.0.1:${port}`);
  nodes.forEach((node, i) => {
    config = config.replace(
      new RegExp(`^(\\s*server api${i + 1}) 127\\.0\\.0\\.1:\\d+`, 'm'),
      `$1 127.0.0.1:${node.port}`,
    );
  });
  config = config.replace(/^(backend api\n)/m, '$1    http-response set-header X-Test-Node %s\n');
  const dir = mkdtempSync(join(tmpdir(), 'clinic-haproxy-'));
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, config);
  const proxy = child(binary, ['-db', '-f', file], process.env);
  const url = `http://127.0.0.1:${port}`;
  await until('haproxy', () => answers(`${url}/api/health`));
  return {
    url,
    config,
    pid: proxy.proc.pid ?? 0,
    output: proxy.output,
    stop: () => {
      proxy.proc.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
