// `npm run bench:load`: N simulated tablets on loopback against the real server, on SQLite and/or a
// throwaway PostgreSQL cluster. Options: --devices 50[,200] --seconds 30 --db sqlite|postgres|both
// --think-ms 1000 (mean pause between a device's sync rounds) --login per-user|per-device --pg-via
// socket|tcp (how the server reaches PostgreSQL: its unix socket, as on one machine, or TCP) --cpu-prof DIR
// (the server writes a V8 CPU profile there when it stops: where its own time went) --attack (each run
// twice, quiet and beside an attacker, load-attack.ts: the honest p99 per route, a person's login and
// /api/health side by side; goal ≤ 2× quiet and health ≤ 100 ms) --attack-parts logins,deep,logs (which
// parts attack: one alone shows what it costs) --attacker-nice 0 (the attacker runs in a process of its
// own at this priority, load-attack-process.ts; --attacker-in-process runs it in the bench's, as before,
// for comparison). The server always runs in a process of its own. Figures are
// printed, never asserted; the exit code says whether there were errors or a device did not converge.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type RunningServer, ADMIN, startServer } from '../../web/e2e/support/server';
import { startPostgres } from '../postgres.mjs';
import { cpuWithChildren, processCpu } from './load-cpu';
import { Device, RecordIndex } from './load-device';
import { call, closeClient, dataOf } from './load-http';
import { sampleWaits } from './load-pg-waits';
import { Recorder, fairnessLine, latencyLine, percentile } from './load-stats';
import { ATTACK_PARTS, type AttackPart, attack, probeHealth, probeLogin } from './load-attack';
import { startAttacker } from './load-attack-process';
import { type ClusterServer, startCluster } from './load-cluster';

const { values: options } = parseArgs({
  options: {
    devices: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '30' },
    db: { type: 'string', default: 'both' },
    'think-ms': { type: 'string', default: '1000' },
    login: { type: 'string', default: 'per-user' },
    'pg-via': { type: 'string', default: 'tcp' },
    'cpu-prof': { type: 'string' },
    attack: { type: 'boolean', default: false },
    nodes: { type: 'string' },
    'attack-parts': { type: 'string', default: ATTACK_PARTS.join(',') },
    'attacker-nice': { type: 'string', default: '0' },
    'attacker-in-process': { type: 'boolean', default: false },
  },
});
/** --nodes 1,3: through HAProxy in front of that many API processes (PostgreSQL only), each count in turn. */
const nodeCounts = options.nodes === undefined ? null : options.nodes.split(',').map(Number);
const deviceCounts = options.devices.split(',').map(Number);
const seconds = Number(options.seconds);
const thinkMs = Number(options['think-ms']);
const databases = options.db === 'both' ? ['sqlite', 'postgres'] : [options.db];
const attackParts = options['attack-parts'].split(',') as AttackPart[];
const attackerNice = Number(options['attacker-nice']);
if (
  attackParts.some((part) => !ATTACK_PARTS.includes(part)) ||
  !(Number.isInteger(attackerNice) && attackerNice >= -20 && attackerNice <= 19) ||
  deviceCounts.some((n) => !Number.isInteger(n) || n < 1) ||
  !(seconds > 0) ||
  !(thinkMs >= 0) ||
  databases.some((d) => d !== 'sqlite' && d !== 'postgres') ||
  !['per-user', 'per-device'].includes(options.login) ||
  !['socket', 'tcp'].includes(options['pg-via']) ||
  (nodeCounts !== null && (nodeCounts.some((n) => !Number.isInteger(n) || n < 1) || options.db !== 'postgres'))
) {
  console.error(
    'usage: npm run bench:load -- [--devices 50[,200]] [--seconds 30] [--db sqlite|postgres|both] [--think-ms 1000] [--login per-user|per-device] [--pg-via socket|tcp] [--nodes 1,3 (with --db postgres)] [--cpu-prof DIR] [--attack [--attack-parts logins,deep,logs] [--attacker-nice 19] [--attacker-in-process]]',
  );
  process.exit(2);
}
const GOAL_P99_MS = (devices: number) => (devices <= 50 ? 500 : 2000);
/** Several tablets share a login, as staff share a clinic's tablets; each device still logs in itself. */
const DEVICES_PER_USER = 10;
const PASSWORD = 'Load-Bench-Pass-2026!';

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

async function makeStaff(baseURL: string, count: number) {
  const token = dataOf<{ accessToken: string }>(
    'login',
    await call(baseURL, 'POST', '/auth/login', undefined, { email: ADMIN.username, password: ADMIN.password }),
  ).accessToken;
  const accounts = Array.from({ length: count }, (_, i) => ({
    username: `load${i}`,
    email: `load${i}@clinic.example`,
    password: PASSWORD,
  }));
  await inBatches(accounts, 4, async (a) =>
    dataOf('create user', await call(baseURL, 'POST', '/users', token, { ...a, role: 'staff' })),
  );
  return accounts.map(({ email, password }) => ({ email, password }));
}

async function scenario(
  server: RunningServer | ClusterServer,
  devicesWanted: number,
  databasePid: number | null,
  postgresUrl: string | undefined,
  mode: 'plain' | 'quiet' | 'attack' = 'plain',
) {
  const recorder = new Recorder();
  const index = new RecordIndex();
  const accounts = await makeStaff(server.baseURL, Math.ceil(devicesWanted / DEVICES_PER_USER));
  const devices = Array.from(
    { length: devicesWanted },
    (_, i) => new Device(i, accounts[i % accounts.length]!, server.baseURL, index, recorder),
  );
  // Logging in checks a password (scrypt at 128 MiB and ~0.3 s each, deliberately): done before the clock
  // starts, two at a time (the server's cores). By default one login per account, whose session that
  // account's other devices share: the run measures a clinic's day, not 200 morning logins.
  const loginStarted = performance.now();
  const loggingIn = options.login === 'per-device' ? devices : devices.slice(0, accounts.length);
  await inBatches(loggingIn, 2, (d) => d.login());
  await inBatches(devices.slice(loggingIn.length), 8, (d) => d.shareLogin(devices[d.number % accounts.length]!));
  const logins = recorder.latencies.get('POST /auth/login') ?? [];
  recorder.latencies.delete('POST /auth/login');
  console.log(
    `  ${loggingIn.length} logins for ${devices.length} devices in ${((performance.now() - loginStarted) / 1000).toFixed(1)} s (login p50 ${percentile(logins, 50).toFixed(0)} ms)`,
  );
  await inBatches(devices, 20, (d) => d.pull(false));
  recorder.latencies.clear();

  // The insider's token and the attacker's process, before the clock starts: a login took seconds on a
  // busy machine, and the attack then ran for a part of the run only.
  const adminToken =
    mode === 'attack'
      ? dataOf<{ accessToken: string }>(
          'login',
          await call(server.baseURL, 'POST', '/auth/login', undefined, {
            email: ADMIN.username,
            password: ADMIN.password,
          }),
        ).accessToken
      : '';
  const attacker = mode === 'attack' && !options['attacker-in-process'] ? await startAttacker(attackerNice) : null;
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const serverCpu = () => ('cpu' in server ? server.cpu() : processCpu(server.pid));
  const eachBefore = 'cpuEach' in server ? server.cpuEach() : [];
  const cpuBefore = { server: serverCpu(), database: databasePid ? cpuWithChildren(databasePid) : 0 };
  const waits = postgresUrl ? await sampleWaits(postgresUrl) : null;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const [, health, personLogin, attacked] = await Promise.all([
    Promise.all(devices.map((d) => d.run(deadline, thinkMs))),
    mode === 'plain' ? Promise.resolve([]) : probeHealth(server.baseURL, deadline),
    mode === 'plain'
      ? Promise.resolve([])
      : probeLogin(server.baseURL, { email: ADMIN.username, password: ADMIN.password }, deadline),
    mode !== 'attack'
      ? Promise.resolve(null)
      : options['attacker-in-process']
        ? attack(server.baseURL, adminToken, deadline, attackParts).then((report) => ({ ...report, own: null }))
        : attacker!
            .run({
              baseURL: server.baseURL,
              adminToken,
              until: Date.now() + (deadline - performance.now()),
              parts: attackParts,
            })
            .then((report) => ({ ...report, own: report })),
  ]);
  const elapsed = (performance.now() - started) / 1000;
  if (attacked) {
    console.log(
      attacked.own
        ? `  attacker (${attackParts.join(', ')}): its own process ${attacked.own.pid} at nice ${attacked.own.nice}, ${attacked.own.cpuSeconds.toFixed(1)} s of CPU`
        : `  attacker (${attackParts.join(', ')}): in the bench's own process (its CPU delays the honest devices' figures)`,
    );
    console.log(
      `  attacker's requests, by answer, in ${elapsed.toFixed(1)} s (unanswered at the end: ${attacked.unanswered}):`,
    );
    for (const line of attacked.lines) console.log(`    ${line}`);
  }
  const waitLines = (await waits?.stop()) ?? [];
  const cpu = {
    server: serverCpu() - cpuBefore.server,
    database: databasePid ? cpuWithChildren(databasePid) - cpuBefore.database : 0,
  };
  lag.disable();

  const requests = recorder.totalRequests;
  const all = recorder.all();
  console.log(
    `  ${requests.toLocaleString()} requests in ${elapsed.toFixed(1)} s: ${(requests / elapsed).toFixed(0)} requests/s`,
  );
  for (const [route, values] of [...recorder.latencies].sort()) console.log(`    ${latencyLine(route, values)}`);
  console.log(`    ${latencyLine('all routes', all)}`);
  const p99 = percentile(all, 99);
  console.log(
    `  p99 ${p99.toFixed(0)} ms (goal ≤ ${GOAL_P99_MS(devicesWanted)} ms): ${p99 <= GOAL_P99_MS(devicesWanted) ? 'met' : 'NOT met'}`,
  );
  console.log(`  ${fairnessLine(devices.map((d) => d.requests))}`);
  const perRequest = (s: number) => `${((s * 1000) / Math.max(1, requests)).toFixed(2)} ms`;
  console.log(
    `  CPU per request: server ${perRequest(cpu.server)}${databasePid ? `, PostgreSQL ${perRequest(cpu.database)}, together ${perRequest(cpu.server + cpu.database)}` : ''} (server ${cpu.server.toFixed(1)} s of CPU in ${elapsed.toFixed(1)} s)`,
  );
  if ('cpuEach' in server)
    console.log(
      `  CPU per request by process (API processes, then HAProxy is the rest of "server"): ${server
        .cpuEach()
        .map((after, i) => perRequest(after - (eachBefore[i] ?? 0)))
        .join(', ')}`,
    );
  for (const line of waitLines) console.log(`  ${line}`);
  console.log(
    `  bench's own event loop delay: p99 ${(lag.percentile(99) / 1e6).toFixed(0)} ms (large values mean the figures include the bench's own waiting)`,
  );

  // Closing time: every device sends what is left, then each pulls to the end and must hold every record.
  const finished = { ok: 0 };
  const sent = new Set<Device>();
  await inBatches(devices, 20, async (d) => {
    if (await d.sendRest()) sent.add(d);
  });
  await inBatches(devices, 20, async (d) => {
    if ((await d.pull(false)) && sent.has(d)) finished.ok += 1;
  });
  const everything = devices.flatMap((d) => d.created);
  const behind = devices.filter((d) => everything.some((id) => !d.holds(id)));
  const rejections = devices.reduce((n, d) => n + d.rejections, 0);
  console.log(
    `  errors: ${recorder.totalErrors}${recorder.totalErrors ? ` (${[...recorder.errors].map(([r, n]) => `${r} ${n}`).join(', ')})` : ''}; rejected mutations: ${rejections}`,
  );
  for (const sample of recorder.errorSamples) console.log(`    e.g. ${sample}`);
  // What the server logged about its failures (the client only sees the Japanese message).
  const logged = [
    ...new Set(
      server
        .output()
        .split('\n')
        .filter((line) => / failed:|Error|error:/.test(line)),
    ),
  ].slice(0, 8);
  for (const line of logged) console.log(`    server: ${line.slice(0, 300)}`);
  console.log(
    `  converged: ${behind.length === 0 && finished.ok === devices.length ? 'yes' : 'NO'}: ${everything.length.toLocaleString()} records made, ${devices.length - behind.length} of ${devices.length} devices hold all of them${finished.ok < devices.length ? ` (${devices.length - finished.ok} could not finish their sync)` : ''}`,
  );
  const routes = new Map([...recorder.latencies].map(([route, values]) => [route, percentile(values, 99)]));
  routes.set('all routes', p99);
  return {
    p99,
    errors: recorder.totalErrors + rejections,
    converged: behind.length === 0,
    routes,
    health: percentile(health, 99),
    login: percentile(personLogin, 99),
  };
}

/** A database of its own on the cluster for one run (as startServer makes for one process). */
async function freshBenchDatabase(url: string) {
  const name = `bench_${crypto.randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

const fmt = (ms: number) =>
  Number.isNaN(ms) ? '-' : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`;

/** The honest figures without and beside the attacker, side by side (goal: ≤ 2× quiet, health ≤ 100 ms). */
function printComparison(
  quiet: Awaited<ReturnType<typeof scenario>>,
  attacked: Awaited<ReturnType<typeof scenario>>,
): void {
  console.log('\n  p99 of the honest devices, quiet → beside the attacker (goal ≤ 2×):');
  for (const [route, before] of quiet.routes) {
    const after = attacked.routes.get(route) ?? Number.NaN;
    const ratio = after / before;
    console.log(
      `    ${route.padEnd(24)} ${fmt(before).padStart(8)} → ${fmt(after).padStart(8)}  ${ratio.toFixed(2)}× ${ratio <= 2 ? 'met' : 'NOT met'}`,
    );
  }
  const person = attacked.login;
  console.log(
    `    ${"a person's login".padEnd(24)} ${fmt(quiet.login).padStart(8)} → ${fmt(person).padStart(8)}  (goal ≤ 1 s: ${person <= 1000 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `    ${'GET /api/health'.padEnd(24)} ${fmt(quiet.health).padStart(8)} → ${fmt(attacked.health).padStart(8)}  (goal ≤ 100 ms: ${attacked.health <= 100 ? 'met' : 'NOT met'})`,
  );
}

let failed = false;
if (nodeCounts) {
  const cluster = await startPostgres({ durable: true, log: (line: string) => console.log(line) });
  try {
    const postmaster = Number(readFileSync(join(cluster.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    for (const nodes of nodeCounts)
      for (const count of deviceCounts) {
        console.log(
          `\n== PostgreSQL, ${nodes} API process${nodes > 1 ? 'es' : ''} behind HAProxy: ${count} devices for ${seconds} s (pause ≈ ${thinkMs} ms between rounds) ==`,
        );
        const database = await freshBenchDatabase(cluster.url);
        const server = await startCluster(nodes, database.url);
        try {
          const result = await scenario(server, count, postmaster, cluster.url);
          if (result.errors > 0 || !result.converged) failed = true;
        } finally {
          await server.stop();
          await database.drop();
        }
      }
  } finally {
    cluster.stop();
  }
}
for (const database of nodeCounts ? [] : databases) {
  const cluster =
    database === 'postgres' ? await startPostgres({ durable: true, log: (line: string) => console.log(line) }) : null;
  try {
    const postmaster = cluster
      ? Number(readFileSync(join(cluster.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0])
      : null;
    for (const count of deviceCounts) {
      console.log(
        `\n== ${database === 'postgres' ? `PostgreSQL (${options['pg-via'] === 'tcp' ? 'TCP' : 'unix socket'})` : 'SQLite'}: ${count} devices for ${seconds} s (pause ≈ ${thinkMs} ms between rounds) ==`,
      );
      const results = new Map<string, Awaited<ReturnType<typeof scenario>>>();
      for (const mode of options.attack ? (['quiet', 'attack'] as const) : (['plain'] as const)) {
        if (mode !== 'plain')
          console.log(`\n  -- ${mode === 'quiet' ? 'without the attacker' : 'beside the attacker'} --`);
        const server = await startServer(
          {
            ...(options['cpu-prof']
              ? {
                  NODE_OPTIONS: `--require ${join(import.meta.dirname, 'load-cpu-profile.cjs')}`,
                  LOAD_CPU_PROF_DIR: options['cpu-prof'],
                }
              : {}),
            // The attacker names its addresses in X-Forwarded-For, as clients behind the clinic's proxy.
            ...(options.attack ? { TRUST_PROXY: 'loopback' } : {}),
          },
          { postgres: cluster ? (options['pg-via'] === 'tcp' ? cluster.url : cluster.socketUrl) : undefined },
        );
        try {
          const result = await scenario(server, count, postmaster, cluster?.url, mode);
          results.set(mode, result);
          // Beside the attacker, the honest devices' pushes and pulls must still all succeed.
          if (result.errors > 0 || !result.converged) failed = true;
        } finally {
          await server.stop();
        }
      }
      const quiet = results.get('quiet');
      const attacked = results.get('attack');
      if (quiet && attacked) printComparison(quiet, attacked);
    }
  } finally {
    cluster?.stop();
  }
}
closeClient();
process.exitCode = failed ? 1 : 0;
