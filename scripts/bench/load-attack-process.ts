// The attacker of `npm run bench:load -- --attack` in a process of its own (load-attack.ts does the
// attacking). In the bench's process its own work (building and sending 8 MB bodies, reading some
// hundred answers a second) delayed the honest devices' and the probes' event loop, so their figures
// counted the attacker's CPU against the server; a real attacker runs on a machine of its own. On this
// one it still shares the cores with the server. `--attacker-nice N` lowers its priority, so that when
// the cores are short it slows first; the default is 0, since on a machine shared with other work a
// niced attacker starved (some twenty requests in a run) and attacked nothing. Its request counts
// (printed) show whether it attacked at full rate.
import { fork } from 'node:child_process';
import { setPriority } from 'node:os';
import { type AttackPart, type AttackReport, attack } from './load-attack';
import { processCpu } from './load-cpu';

type Order = { baseURL: string; adminToken: string; ms: number; parts: AttackPart[] };
export type ChildReport = AttackReport & { cpuSeconds: number; pid: number; nice: number };

/** Starts the attacker's process and runs the attack for `ms`; resolves with its report when it ends. */
export function attackFromChild(order: Order, nice: number): Promise<ChildReport> {
  const child = fork(import.meta.filename, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    if (child.pid) setPriority(child.pid, nice);
  } catch {
    // Not allowed to lower it (a container without the right): it runs at the bench's own priority.
  }
  return new Promise((resolve, reject) => {
    child.once('message', (report: AttackReport) => {
      const cpuSeconds = processCpu(child.pid ?? 0);
      child.send('exit');
      resolve({ ...report, cpuSeconds, pid: child.pid ?? 0, nice });
    });
    child.once('exit', (code) => reject(new Error(`the attacker's process ended with ${code} before its report`)));
    child.once('spawn', () => child.send(order));
  });
}

if (process.send) {
  process.on('message', (message: Order | 'exit') => {
    if (message === 'exit') process.exit(0);
    const { baseURL, adminToken, ms, parts } = message;
    void attack(baseURL, adminToken, performance.now() + ms, parts).then((report) => process.send!(report));
  });
}
