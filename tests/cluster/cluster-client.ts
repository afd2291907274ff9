import { mutate } from '../../web/src/data/mutate';
import type { ApiProcess } from '../../scripts/cluster/cluster-processes';
import type { RestoreTablet, TabletServer } from '../restore/restore-client';

// The cluster test's client side (cluster.test.ts): requests through the proxy and the tablets' work.

export type Answer = { status: number; data: unknown; code: string | null; node: string | null };

/** A JSON request to `base` (the proxy, or straight to one process), with the node that answered. */
export async function request(
  base: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  method = 'POST',
): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const envelope = (() => {
    try {
      return JSON.parse(text) as { data?: unknown; code?: string | null };
    } catch {
      return {};
    }
  })();
  if (response.status >= 500) console.log(`${method} ${path} via ${base}: ${response.status} ${text.slice(0, 300)}`);
  return {
    status: response.status,
    data: envelope.data ?? null,
    code: envelope.code ?? null,
    node: response.headers.get('x-test-node'),
  };
}
export const direct = (node: ApiProcess) => `http://127.0.0.1:${node.port}`;

/** The proxy as the tablets' server; one push can be sent straight to a process that is then killed. */
export class ProxiedServer implements TabletServer {
  killDuringNextPush: ApiProcess | null = null;
  constructor(private readonly proxyUrl: string) {}
  async call(path: string, body: unknown, headers: Record<string, string> = {}) {
    const victim = path === '/api/sync/push' ? this.killDuringNextPush : null;
    if (!victim) return request(this.proxyUrl, path, body, headers);
    this.killDuringNextPush = null;
    const answer = request(direct(victim), path, body, headers).catch(() => ({
      status: 502,
      data: null,
      code: null,
      node: null,
    }));
    // The push is on its way (or being applied) when the process dies: its answer never comes.
    await new Promise((resolve) => setTimeout(resolve, 15));
    await victim.kill();
    return answer;
  }
}

/** A round of a tablet's work: four customers with a visit each, and one customer's phone changed. */
export async function work(tablet: RestoreTablet, round: number) {
  const opts = { userName: tablet.user.username };
  for (let i = 0; i < 4; i++) {
    const id = crypto.randomUUID();
    await mutate(
      tablet.db,
      'customer.create',
      { id, name: `${tablet.user.username} ${round}-${i}`, phone: '03-1111-2222' },
      opts,
    );
    await mutate(
      tablet.db,
      'visit.create',
      { id: crypto.randomUUID(), customerId: id, date: '2026-11-20', serviceMenu: '鍼灸', price: 3000 + round },
      opts,
    );
  }
  const customers = (await tablet.db.customers.toArray()).filter((c) => !c.deleted);
  const customer = customers[round % customers.length]!;
  await mutate(
    tablet.db,
    'customer.update',
    { id: customer.id, patch: { phone: `03-0000-${1000 + round}` }, base: { phone: customer.phone } },
    opts,
  );
}

/** Syncs every tablet until each outbox is empty (at most ten rounds). */
export async function settle(tablets: RestoreTablet[]) {
  for (let round = 0; round < 10; round++) {
    for (const tablet of tablets) await tablet.engine.sync().catch(() => undefined);
    const sizes = await Promise.all(tablets.map((t) => t.outboxSize()));
    if (sizes.every((n) => n === 0) && round > 0) return;
  }
  throw new Error(`outboxes not empty: ${(await Promise.all(tablets.map((t) => t.outboxSize()))).join(', ')}`);
}
