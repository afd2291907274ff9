import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN, freePort } from './server';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * A real server (SQLite) of the test's own, on a DATA_DIR and port that outlive it: the test stops it,
 * backs it up and restores it with the npm scripts, and starts it again where the tablets expect it.
 */
export async function restartableServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'clinic-e2e-restore-'));
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
  let child: ChildProcess | null = null;
  let output = '';

  async function start(): Promise<void> {
    const process_ = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = process_;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${output}`)), 60_000);
      process_.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.endsWith('\n') && output.includes(`listening on http://localhost:${port}`)) {
          clearTimeout(timer);
          resolve();
        }
      });
      process_.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      process_.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`server exited with ${code}:\n${output}`));
      });
    });
  }

  async function stop(): Promise<void> {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  }

  /** Runs `npm run backup` / `npm run restore` as an administrator would; returns what it printed. */
  function script(name: 'backup' | 'restore', args: string[] = []): { status: number | null; output: string } {
    const result = spawnSync(process.execPath, ['--import', 'tsx', `api/src/backup/${name}.main.ts`, ...args], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  }

  await start();
  return {
    baseURL: `http://127.0.0.1:${port}`,
    dataDir,
    start: async () => {
      output = '';
      await start();
    },
    stop,
    script,
    output: () => output,
    dispose: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
