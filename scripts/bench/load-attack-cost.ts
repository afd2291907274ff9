// `npm run bench:attack-cost`: what each of the attacker's requests (load-attack.ts) costs the server, in
// CPU of its event loop (the main thread) and of the whole process (with the password hashing), one kind
// at a time against a real server, and what that comes to at the rate the attack sends it. Unlike the
// latencies of `bench:load --attack`, CPU time spent is much the same on a machine busy with other work,
// so two versions can be compared there. Options: --db sqlite|postgres --requests 400 --only NAME (the
// kinds whose name holds it) --cpu-prof DIR (the server's V8 CPU profile, as bench:load's).
import { Agent } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ADMIN, startServer } from '../../web/e2e/support/server';
import { startPostgres } from '../postgres.mjs';
import { attackBodies, send, wrongLogin } from './load-attack';
import { mainThreadCpu, processCpu } from './load-cpu';
import { call, closeClient, dataOf } from './load-http';

const { values: options } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    requests: { type: 'string', default: '400' },
    only: { type: 'string', default: '' },
    'cpu-prof': { type: 'string' },
  },
});
const requests = Number(options.requests);
const cluster = options.db === 'postgres' ? await startPostgres({ durable: true, log: () => undefined }) : null;
const profile: Record<string, string> = options['cpu-prof']
  ? {
      NODE_OPTIONS: `--require ${join(import.meta.dirname, 'load-cpu-profile.cjs')}`,
      LOAD_CPU_PROF_DIR: options['cpu-prof'],
    }
  : {};
const server = await startServer({ TRUST_PROXY: 'loopback', ...profile }, { postgres: cluster?.url });
const agent = new Agent({ keepAlive: true, maxSockets: 20, timeout: 4000 });
try {
  const token = dataOf<{ accessToken: string }>(
    'login',
    await call(server.baseURL, 'POST', '/auth/login', undefined, { email: ADMIN.username, password: ADMIN.password }),
  ).accessToken;
  const { deepLog, deepPush, log } = attackBodies();
  type Kind = { name: string; perSecond: number; count: number; send: (n: number) => ReturnType<typeof send> };
  const post = (path: string, body: Buffer, headers: Record<string, string>) =>
    send(server.baseURL, agent, 'POST', path, body, headers);
  // The rates the attack of load-attack.ts reaches when each answer comes at once.
  const kinds: Kind[] = [
    {
      name: 'wrong login (200 addresses)',
      perSecond: 100,
      count: requests,
      send: (n) =>
        post('/auth/login', wrongLogin(n % 200, n), {
          'x-forwarded-for': `10.66.${(n % 200) >> 8}.${(n % 200) & 255}`,
        }),
    },
    {
      name: 'device log 40 KB (20 addresses)',
      perSecond: 300,
      count: requests,
      send: (n) => post('/android-logs/upload', log, { 'x-forwarded-for': `10.88.0.${n % 20}` }),
    },
    {
      name: 'deep anonymous log 800 KB',
      perSecond: 4,
      count: Math.ceil(requests / 8),
      send: (n) => post('/pwa-operations/log', deepLog, { 'x-forwarded-for': `10.77.0.${n & 255}` }),
    },
    {
      name: 'deep push 8 MB',
      perSecond: 1,
      count: Math.ceil(requests / 40),
      send: () => post('/sync/push', deepPush, { authorization: `Bearer ${token}` }),
    },
    {
      name: 'GET /api/health',
      perSecond: 10,
      count: requests,
      send: () => send(server.baseURL, agent, 'GET', '/health', undefined, {}),
    },
  ];
  console.log(`\n== ${options.db}: server CPU per attacking request (20 at a time) ==`);
  let total = { main: 0, all: 0 };
  for (const kind of kinds.filter((k) => k.name.includes(options.only))) {
    const before = { main: mainThreadCpu(server.pid), all: processCpu(server.pid), at: performance.now() };
    const statuses = new Map<number, number>();
    let next = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < kind.count) {
          const { status } = await kind.send(next++);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }),
    );
    // Hashing that a request started may end after its answer: let it finish, and the CPU ticks settle.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const main = ((mainThreadCpu(server.pid) - before.main) * 1000) / kind.count;
    const all = ((processCpu(server.pid) - before.all) * 1000) / kind.count;
    total = { main: total.main + (main * kind.perSecond) / 1000, all: total.all + (all * kind.perSecond) / 1000 };
    const answers = [...statuses].map(([status, n]) => `${status}×${n}`).join(', ');
    console.log(
      `  ${kind.name.padEnd(32)} event loop ${main.toFixed(2).padStart(7)} ms, process ${all.toFixed(2).padStart(7)} ms a request; at ${kind.perSecond}/s ${((main * kind.perSecond) / 10).toFixed(0).padStart(3)} % of a core (process ${((all * kind.perSecond) / 10).toFixed(0)} %)  [${answers}]`,
    );
  }
  console.log(
    `  the attack in all, at those rates: event loop ${(total.main * 100).toFixed(0)} % of a core, process ${(total.all * 100).toFixed(0)} %`,
  );
} finally {
  agent.destroy();
  closeClient();
  await server.stop();
  cluster?.stop();
}
