// CPU time spent by the server process and, on PostgreSQL, by the database's processes, from /proc
// (Linux): the bench divides it by the requests served to compare the two databases per request.
import { readFileSync, readdirSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** user + system CPU seconds of one process (or, with `thread`, of that thread of it), or 0 when it is gone. */
function cpuOf(pid: number, thread?: number): number {
  try {
    const stat = readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

function parentOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return -1;
  }
}

/** CPU seconds of a process and its direct children (PostgreSQL's postmaster and its backends). */
export function cpuWithChildren(pid: number): number {
  let total = cpuOf(pid);
  for (const entry of readdirSync('/proc')) {
    const child = Number(entry);
    if (Number.isInteger(child) && parentOf(child) === pid) total += cpuOf(child);
  }
  return total;
}

export const processCpu = (pid: number) => cpuOf(pid);
/** The CPU seconds of a process's main thread: a Node server's event loop, without its helper threads. */
export const mainThreadCpu = (pid: number) => cpuOf(pid, pid);
