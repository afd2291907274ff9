// `npm run bench:load -- --db postgres --nodes 1,3`: the same bench through HAProxy (deploy/haproxy.cfg)
// in front of N API processes on one PostgreSQL (README 運用 › 複数台構成), so the cost of the cluster
// is known: its CPU per request counts every API process and HAProxy.
import { ApiProcess, startHaproxy } from '../cluster/cluster-processes';
import { ADMIN } from '../../web/e2e/support/server';
import { processCpu } from './load-cpu';

export type ClusterServer = {
  baseURL: string;
  pid: number;
  /** CPU seconds of all the API processes and the proxy together. */
  cpu: () => number;
  /** The API processes' CPU seconds, each. */
  cpuEach: () => number[];
  output: () => string;
  stop: () => Promise<void>;
};

export async function startCluster(
  nodes: number,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ClusterServer> {
  const shared = {
    DATABASE_URL: databaseUrl,
    TOKEN_SECRET: 'bench-cluster-token-secret-0123456789abcdefgh',
    DEVICE_KEY_SECRET: 'bench-cluster-device-key-secret-0123456789ab',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    TRUST_PROXY: '1',
    WEB_DIST: '/nonexistent',
    ...env,
  };
  const processes = Array.from({ length: nodes }, (_, i) => new ApiProcess(`api${i + 1}`, shared));
  await processes[0]!.start();
  await Promise.all(processes.slice(1).map((p) => p.start()));
  const proxy = await startHaproxy(processes);
  return {
    baseURL: proxy.url,
    pid: proxy.pid,
    cpu: () => processes.reduce((sum, p) => sum + processCpu(p.pid), processCpu(proxy.pid)),
    cpuEach: () => processes.map((p) => processCpu(p.pid)),
    output: () => processes.map((p) => p.output()).join('\n'),
    stop: async () => {
      proxy.stop();
      await Promise.all(processes.map((p) => p.stop()));
    },
  };
}
