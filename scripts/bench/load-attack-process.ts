// The attacker of `npm run bench:load -- --attack` in a process of its own (load-attack.ts does the
// attacking). In the bench's process its own work (building and sending 8 MB bodies, reading some
// hundred answers a second) delayed the honest devices' and the probes' event loop, so their figures
// counted the attacker's CPU against the server; a real attacker runs on a machine of its own. On this
// one it still shares the cores with the server. `--attacker-nice N` lowers its priority, so that when
// the cores are short it slows first; the default is 0, since on a machine shared with other work a
// niced attacker starved and attacked next to nothing. Its request counts (printed) show what it sent.
import { fork } from 'node:child_process';
import { setPriority } from 'node:os';
import { type AttackPart, type AttackReport, attack } from './load-attack';
import { processCpu } from './load-cpu';

/** `until`: the end of the attack in Date.now() time, the one clock both processes read alike. */
type Order = { baseURL: string; adminToken: string; until: number; parts: AttackPart[] };
export type ChildReport = AttackReport & { cpuSeconds: number; pid: number; nice: number };

/**
 * Starts the attacker's process and resolves once it is ready (loading it took seconds on a busy
 * machine: started with the clock, it began late and attacked a part of the run only); `run` then
 * attacks until the order's `until` and resolves with its report.
 */
export function startAttacker(nice: number): Promise<{ run: (order: Order) => Promise<ChildReport> }> {
  const child = fork(import.meta.filename, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    if (child.pid) setPriority(child.pid, nice);
  } catch {
    // Not allowed to lower it (a container without the right): it runs at the bench's own priority.
  }
  const ended = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the attacker's process ended with ${code} before its report`))),
  );
  ended.catch(() => undefined);
  const next = () => Promise.race([new Promise<unknown>((resolve) => child.once('message', resolve)), ended]);
  return next().then(() => ({
    async run(order) {
      child.send(order);
      const report = (await next()) as AttackReport;
      const cpuSeconds = processCpu(child.pid ?? 0);
      child.send('exit');
      return { ...report, cpuSeconds, pid: child.pid ?? 0, nice };
    },
  }));
}

if (process.send) {
  process.on('message', (message: Order | 'exit') => {
    if (message === 'exit') process.exit(0);
    const { baseURL, adminToken, until, parts } = message;
    void attack(baseURL, adminToken, performance.now() + (until - Date.now()), parts).then((report) =>
      process.send!(report),
    );
  });
  process.send('ready');
}
