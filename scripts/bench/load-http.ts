// A lean HTTP client for the load bench: keep-alive sockets, one per simulated device at most, and
// nothing else in the way (the bench shares the machine's cores with the server it measures).
import { Agent, request } from 'node:http';

/**
 * One keep-alive connection per device, as a tablet's browser keeps one to its server. A free socket
 * is dropped after 4 s, before the server's 5 s keep-alive timeout closes it: otherwise a request may
 * go out on a socket the server is closing at that moment and fail with ECONNRESET (a browser sends
 * such a request again by itself; this client would count it as an error).
 */
export const newConnection = () => new Agent({ keepAlive: true, maxSockets: 1, timeout: 4000 });

const shared = new Agent({ keepAlive: true, timeout: 4000 });
const agents = new Set<Agent>([shared]);

export type Answer = { status: number; body: unknown };

export function call(
  baseURL: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  agent: Agent = shared,
  extraHeaders: Record<string, string> = {},
): Promise<Answer> {
  agents.add(agent);
  const url = new URL(`/api${path}`, baseURL);
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        agent,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...extraHeaders,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // Not JSON (a proxy's or Node's own error page): kept as text for the error report.
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The envelope's data, or an error naming the route, status and message. */
export function dataOf<T>(path: string, answer: Answer): T {
  const envelope = answer.body as { success?: boolean; data?: T; message?: string } | string;
  if (answer.status >= 200 && answer.status < 300 && typeof envelope === 'object' && envelope.success)
    return envelope.data as T;
  const message = typeof envelope === 'object' ? envelope.message : envelope.slice(0, 200);
  throw new Error(`${path}: ${answer.status} ${message}`);
}

export function closeClient(): void {
  for (const agent of agents) agent.destroy();
  agents.clear();
}
