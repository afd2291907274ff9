// A throwaway PostgreSQL cluster for `npm test` and `npm run bench:load`: Debian's `postgresql` is installed
// with apt-get when missing, a cluster is made in a temp folder (initdb), started on a free loopback port
// with its unix socket in that folder, and removed again by stop() (also on exit, ctrl-c and SIGTERM).
import { execFileSync, execSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const LIB = '/usr/lib/postgresql';
/** PostgreSQL refuses to run as root: the cluster then belongs to this (Debian's) user. */
const SERVICE_USER = 'postgres';

/** The newest installed server's bin folder (Debian keeps each major version apart), or null. */
function serverBin() {
  if (!existsSync(LIB)) return null;
  const versions = readdirSync(LIB).filter((v) => /^\d+$/.test(v) && existsSync(join(LIB, v, 'bin', 'initdb')));
  versions.sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(LIB, versions[0], 'bin') : null;
}

function installPostgres(log) {
  log('PostgreSQL をインストールしています… (apt-get install postgresql)');
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit', env });
  // The package's own cluster is not wanted (ours is made per run); policy-rc.d aside, Debian starts it
  // only where a service manager runs, which containers lack.
  execSync(`${sudo}apt-get install -y -qq postgresql`, { stdio: 'inherit', env });
}

/** Finds the server programs, installing them when missing; throws saying why when that fails. */
export function ensurePostgres(log = console.log) {
  let bin = serverBin();
  if (!bin) {
    installPostgres(log);
    bin = serverBin();
  }
  if (!bin) throw new Error(`initdb was not found under ${LIB} after apt-get install postgresql`);
  return bin;
}

/** A port free on 127.0.0.1 now (the throwaway cluster's, and the tests' own servers'). */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const asRoot = () => process.getuid?.() === 0;

/** Runs a server program, as the service user when we are root. */
function runPg(bin, program, args, options = {}) {
  const file = join(bin, program);
  const [command, argv] = asRoot() ? ['runuser', ['-u', SERVICE_USER, '--', file, ...args]] : [file, args];
  const result = spawnSync(command, argv, { encoding: 'utf8', ...options });
  if (result.status !== 0) {
    throw new Error(
      `${program} failed (${result.status ?? result.signal}): ${`${result.stderr ?? ''}${result.stdout ?? ''}`.trim() || result.error?.message}`,
    );
  }
  return result.stdout;
}

/**
 * Settings for a disposable cluster. `durable: false` (tests) trades crash safety for speed; the bench
 * keeps PostgreSQL's defaults so its figures are those of a real install.
 */
function serverOptions({ port, socketDir, durable }) {
  const options = [
    `-c port=${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${socketDir}'`,
    '-c max_connections=300',
    '-c shared_buffers=128MB',
  ];
  if (!durable) options.push('-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off');
  return options.join(' ');
}

/**
 * Starts a fresh cluster. Returns its URL (database `postgres`, user `postgres`, no password on loopback),
 * the same through its unix socket, and stop(), which stops the server and removes the folder; it also runs when this process exits.
 */
export async function startPostgres({ log = console.log, durable = false } = {}) {
  const bin = ensurePostgres(log);
  const dir = mkdtempSync(join(tmpdir(), 'clinic-pg-'));
  const data = join(dir, 'data');
  // The service user must be able to enter the folder; it holds nothing but the cluster.
  chmodSync(dir, 0o700);
  if (asRoot()) {
    const uid = Number(execFileSync('id', ['-u', SERVICE_USER], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', SERVICE_USER], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  let started = false;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stop);
    if (started) {
      try {
        runPg(bin, 'pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w', '-t', '30']);
      } catch (error) {
        log(`PostgreSQL の停止に失敗しました: ${error instanceof Error ? error.message : error}`);
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      stop();
      process.exit(130);
    });
  }
  try {
    runPg(
      bin,
      'initdb',
      ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'],
      { cwd: dir },
    );
    const port = await freePort();
    runPg(
      bin,
      'pg_ctl',
      [
        'start',
        '-D',
        data,
        '-w',
        '-t',
        '60',
        '-l',
        join(dir, 'server.log'),
        '-o',
        serverOptions({ port, socketDir: dir, durable }),
      ],
      { cwd: dir },
    );
    started = true;
    // The unix socket skips the TCP stack: cheaper per query for a server on the same machine.
    const socketUrl = `postgres://postgres@localhost:${port}/postgres?host=${encodeURIComponent(dir)}`;
    const options = serverOptions({ port, socketDir: dir, durable });
    // For tests of a server that must survive PostgreSQL going away: stop it (fast: connections are
    // terminated, as in routine maintenance; immediate: as a crash) and start it again on the same port.
    const halt = (mode = 'fast') => {
      runPg(bin, 'pg_ctl', ['stop', '-D', data, '-m', mode, '-w', '-t', '60'], { cwd: dir });
      started = false;
    };
    const resume = () => {
      runPg(bin, 'pg_ctl', ['start', '-D', data, '-w', '-t', '60', '-l', join(dir, 'server.log'), '-o', options], {
        cwd: dir,
      });
      started = true;
    };
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, socketUrl, port, dir, stop, halt, resume };
  } catch (error) {
    stop();
    throw error;
  }
}
