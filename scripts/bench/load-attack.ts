// The attacker of `npm run bench:load -- --attack` (issue 35), beside the honest devices: a flood of
// wrong logins from 200 addresses (unknown ids, and a staff account the devices signed in with before), bodies nested deep (anonymous and signed in), and an anonymous log
// flood from rotating addresses. The server runs with TRUST_PROXY=loopback so each request may name its
// address in X-Forwarded-For, as behind the clinic's proxy. Also the probes both runs share: a person's
// real login every second and /api/health every 100 ms, each on its own connection.
import { Agent, request } from 'node:http';

type Raw = { status: number; ms: number };
// Not load-device's: that one brings the sync protocol's schemas, which the attacker's process need not load.
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One request with a ready-made body; a failure to connect or answer counts as status 0. */
export function send(
  baseURL: string,
  agent: Agent,
  method: string,
  path: string,
  body: Buffer | undefined,
  headers: Record<string, string>,
): Promise<Raw> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      new URL(`/api${path}`, baseURL),
      {
        method,
        agent,
        headers: {
          ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
          ...headers,
        },
        timeout: 120_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
        res.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(body);
  });
}

const deep = (depth: number) => '['.repeat(depth) + '0' + ']'.repeat(depth);
const json = (value: unknown) => Buffer.from(JSON.stringify(value));

/** A wrong login: an unknown id mostly, every fourth a staff account the honest devices use. */
export const wrongLogin = (i: number, n: number) =>
  json({ email: n % 4 === 0 ? 'load0@clinic.example' : `nobody${i}x${n}`, password: `wrong-${n}` });

/** The attack's bodies, made once (making them is the attacker's CPU, not the server's). */
export function attackBodies() {
  // Bodies nested deep: an anonymous log 400,000 levels deep (under its 1 MB limit), and an 8 MB push millions deep.
  const deepLog = Buffer.from(`{"logs":[{"operation":"page_view","data":${deep(400_000)}}]}`);
  const deepPush = Buffer.from(
    `{"protocolVersion":1,"clientId":"${crypto.randomUUID()}","mutations":[{"id":1,"name":"customer.create","clientTime":"2026-12-01T00:00:00.000Z","args":${deep(3_900_000)}}]}`,
  );
  // A device log of some 40 KB.
  const error = (i: number) => ({
    type: 'window_error',
    severity: 'high',
    message: `${'攻撃'.repeat(300)}${i}`,
    stack: '',
    timestamp: '2026-12-01T00:00:00.000Z',
    url: '/',
  });
  const log = json({
    sessionId: 'flood_session',
    deviceInfo: {
      platform: 'x',
      viewport: '1x1',
      connectionType: 'wifi',
      userAgent: 'x',
      screenSize: '1x1',
      language: 'ja',
    },
    networkInfo: { online: true, effectiveType: '4g', downlink: 10, rtt: 50 },
    errors: Array.from({ length: 40 }, (_, i) => error(i)),
    performance: { pageLoadTime: 1, domContentLoaded: 1, firstContentfulPaint: 1, apiResponseTimes: [] },
    userActions: [],
    timestamp: '2026-12-01T00:00:00.000Z',
    metadata: { appVersion: '1.0.0', trigger: 'interval', url: '/' },
  });
  return { deepLog, deepPush, log };
}

export type AttackReport = { lines: string[]; unanswered: number };
/** The attack's parts, which `--attack-parts` may run alone to see what each costs the clinic. */
export const ATTACK_PARTS = ['logins', 'deep', 'logs'] as const;
export type AttackPart = (typeof ATTACK_PARTS)[number];

/** Runs the attack until `deadline` (performance.now() time); `adminToken` is an insider's, for the deep push. */
export async function attack(
  baseURL: string,
  adminToken: string,
  deadline: number,
  parts: readonly AttackPart[] = ATTACK_PARTS,
): Promise<AttackReport> {
  const { deepLog, deepPush, log } = attackBodies();
  const agent = new Agent({ keepAlive: true, maxSockets: 256, timeout: 4000 });
  const counts = new Map<string, Map<number, number>>();
  let inFlight = 0;
  const note = (what: string, status: number) => {
    const byStatus = counts.get(what) ?? new Map<number, number>();
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    counts.set(what, byStatus);
  };
  const tracked = async (what: string, run: () => Promise<Raw>) => {
    inFlight += 1;
    const { status } = await run();
    inFlight -= 1;
    note(what, status);
  };
  const loop = async (pauseMs: number, step: (n: number) => Promise<void>) => {
    for (let n = 0; performance.now() < deadline; n += 1) {
      await step(n);
      await sleep(pauseMs);
    }
  };

  // 200 addresses trying wrong passwords (unknown ids and a known one): each sends its next attempt 2 s
  // after its answer, some 100 a second in all. Answered at once, a tighter loop is a plain request flood,
  // which only the proxy in front can meter.
  const logins = () =>
    Array.from({ length: 200 }, (_, i) =>
      loop(2000, (n) =>
        tracked('login flood', () =>
          send(baseURL, agent, 'POST', '/auth/login', wrongLogin(i, n), {
            'x-forwarded-for': `10.66.${i >> 8}.${i & 255}`,
          }),
        ),
      ),
    );
  const deepBodies = () => [
    loop(200, (n) =>
      tracked('deep JSON (anonymous log)', () =>
        send(baseURL, agent, 'POST', '/pwa-operations/log', deepLog, { 'x-forwarded-for': `10.77.0.${n & 255}` }),
      ),
    ),
    loop(1000, () =>
      tracked('deep JSON (8 MB push)', () =>
        send(baseURL, agent, 'POST', '/sync/push', deepPush, { authorization: `Bearer ${adminToken}` }),
      ),
    ),
  ];
  // Device logs of some 40 KB from 20 addresses, each as fast as its answers come.
  const logFlood = () =>
    Array.from({ length: 20 }, (_, i) =>
      loop(50, () =>
        tracked('anonymous log flood', () =>
          send(baseURL, agent, 'POST', '/android-logs/upload', log, {
            'x-forwarded-for': `10.88.0.${i}`,
          }),
        ),
      ),
    );
  const counted = (part: AttackPart, start: () => Promise<void>[]) => (parts.includes(part) ? start() : []);
  await Promise.all([...counted('logins', logins), ...counted('deep', deepBodies), ...counted('logs', logFlood)]);
  const unanswered = inFlight;
  agent.destroy();
  const lines = [...counts].map(
    ([what, byStatus]) =>
      `${what.padEnd(28)} ${[...byStatus]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status === 0 ? 'no answer' : status}×${n}`)
        .join(', ')}`,
  );
  return { lines, unanswered };
}

/** GET /api/health every 100 ms until `deadline`: its latencies. */
export async function probeHealth(baseURL: string, deadline: number): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1, timeout: 4000 });
  const times: number[] = [];
  while (performance.now() < deadline) {
    const { status, ms } = await send(baseURL, agent, 'GET', '/health', undefined, {});
    times.push(status === 200 ? ms : Math.max(ms, 120_000));
    await sleep(100);
  }
  agent.destroy();
  return times;
}

/** A person's real login every second until `deadline`, from the clinic's own address: its latencies. */
export async function probeLogin(
  baseURL: string,
  account: { email: string; password: string },
  deadline: number,
): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1, timeout: 4000 });
  const times: number[] = [];
  while (performance.now() < deadline) {
    const { status, ms } = await send(baseURL, agent, 'POST', '/auth/login', json(account), {});
    times.push(status === 200 ? ms : Math.max(ms, 120_000));
    await sleep(1000);
  }
  agent.destroy();
  return times;
}
