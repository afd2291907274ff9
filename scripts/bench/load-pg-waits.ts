// Where the server's PostgreSQL connections spend the run, sampled from pg_stat_activity: running,
// waiting for a lock (and on which statement), flushing the WAL at commit, idle inside a transaction
// (waiting for the server's next statement, i.e. round trips and the server's own CPU) or idle in the pool.
// Printed by `npm run bench:load` on PostgreSQL so a slow run says which of these it was.
import pg from 'pg';

const EVERY_MS = 25;

export type WaitSampler = { stop: () => Promise<string[]> };

export async function sampleWaits(url: string): Promise<WaitSampler> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const tally = new Map<string, number>();
  const busyTally = new Map<number, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{
        state: string | null;
        wait_event_type: string | null;
        wait_event: string | null;
        query: string;
      }>(
        `select state, wait_event_type, wait_event, left(regexp_replace(query, '\\s+', ' ', 'g'), 70) as query
           from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid() and datname <> 'postgres'`,
      );
      samples += 1;
      let busy = 0;
      for (const row of rows) {
        const key = describe(row);
        tally.set(key, (tally.get(key) ?? 0) + 1);
        if (row.state !== 'idle') busy += 1;
      }
      busyTally.set(busy, (busyTally.get(busy) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await client.end();
      const lines = [...tally]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 12)
        .map(([key, n]) => `${(n / samples).toFixed(2).padStart(6)} connections  ${key}`);
      const busy = [...busyTally]
        .sort((a, b) => a[0] - b[0])
        .map(([n, count]) => `${n}:${Math.round((100 * count) / samples)}%`);
      return [
        `server's PostgreSQL connections, mean over ${samples} samples:`,
        ...lines,
        `connections not idle (count:share of samples): ${busy.join(' ')}`,
      ];
    },
  };
}

function describe(row: {
  state: string | null;
  wait_event_type: string | null;
  wait_event: string | null;
  query: string;
}): string {
  if (row.state === 'idle') return 'idle in the pool';
  if (row.state === 'idle in transaction') return 'idle in transaction (waiting for the server)';
  const wait = row.wait_event_type ? `${row.wait_event_type}/${row.wait_event}` : 'on CPU';
  return row.wait_event_type === 'Lock' ? `${wait}: ${row.query}` : wait;
}
