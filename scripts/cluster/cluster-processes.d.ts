export declare const HAPROXY_CONFIG: string;
/** Debian's haproxy, installed with apt-get when missing (as scripts/browser-deps.mjs does for chromium). */
export declare function ensureHaproxy(): string;
/** One API process (`node api/src/server.ts`, what `npm start` runs) with its own DATA_DIR. */
export declare class ApiProcess {
  readonly name: string;
  private readonly env;
  port: number;
  private running;
  private readonly dataDir;
  constructor(name: string, env: Record<string, string>);
  start(): Promise<void>;
  /** SIGKILL: no shutdown of any kind, as a machine that loses power. */
  kill(): Promise<void>;
  output(): string;
  get pid(): number;
  stop(): Promise<void>;
}
/**
 * HAProxy with the repository's example configuration, only its addresses changed to the test's
 * ports, and one header added that names the process that answered (so the test can see the spread).
 * Used by tests/cluster/cluster.test.ts and `npm run bench:load -- --nodes 1,3`.
 */
export declare function startHaproxy(nodes: ApiProcess[]): Promise<{
  url: string;
  config: string;
  pid: number;
  output: () => string;
  stop: () => void;
}>;
