import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('../../..', import.meta.url));

export const ADMIN = { username: 'admin', email: 'admin@clinic.example', password: 'E2e-Admin-Pass-2026!' };

/** Where the end-to-end run's server listens, set by web/e2e/global-setup.ts for the test workers. */
export const BASE_URL_ENV = 'E2E_BASE_URL';

export type RunningServer = {
  baseURL: string;
  dataDir: string;
  pid: number;
  database: 'sqlite' | 'postgres';
  stop: () => Promise<void>;
  output: () => string;
};

/**
 * The PostgreSQL cluster the servers use instead of SQLite: `npm test` sets E2E_DATABASE_URL for its
 * PostgreSQL pass. Each server gets a database of its own there, dropped when it stops.
 */
export const E2E_POSTGRES = process.env.E2E_DATABASE_URL || undefined;

async function onCluster<T>(clusterUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the cluster; its URL and a function that drops it. */
async function freshDatabase(clusterUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `clinic_e2e_${crypto.randomUUID().replaceAll('-', '')}`;
  await onCluster(clusterUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      onCluster(clusterUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(
        () => undefined,
      ),
  };
}

/** A port no one listens on now, for a server started as a separate process. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real server (`api/src/server.ts`) on a fresh DATA_DIR, serving the production build; on a
 * fresh database of `postgres` (a cluster's URL) when given, else SQLite in DATA_DIR.
 */
export async function startServer(
  env: Record<string, string> = {},
  { postgres = E2E_POSTGRES }: { postgres?: string | undefined } = {},
): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'clinic-e2e-'));
  const port = await freePort();
  const database = postgres ? await freshDatabase(postgres) : undefined;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const started = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${output}`)), 60_000);
    const check = () => {
      if (output.includes('listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  try {
    await started;
  } catch (error) {
    child.kill('SIGKILL');
    await database?.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return {
    baseURL: `http://127.0.0.1:${port}`,
    dataDir,
    pid: child.pid ?? 0,
    database: database ? 'postgres' : 'sqlite',
    stop,
    output: () => output,
  };
}
