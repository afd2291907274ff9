export type Cluster = { url: string; socketUrl: string; port: number; dir: string; stop: () => void };
export function ensurePostgres(log?: (line: string) => void): string;
export function startPostgres(options?: { log?: (line: string) => void; durable?: boolean }): Promise<Cluster>;
