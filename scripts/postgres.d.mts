export type Cluster = {
  url: string;
  socketUrl: string;
  port: number;
  dir: string;
  stop: () => void;
  /** Stops the server only (the cluster stays): 'fast' terminates connections, 'immediate' is a crash. */
  halt: (mode?: 'fast' | 'immediate') => void;
  /** Starts a halted server again on the same port. */
  resume: () => void;
};
export function freePort(): Promise<number>;
export function ensurePostgres(log?: (line: string) => void): string;
export function startPostgres(options?: { log?: (line: string) => void; durable?: boolean }): Promise<Cluster>;
