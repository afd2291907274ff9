import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** Where a request came from, for sessions and the audit log. */
export interface RequestInfo {
  ip: string | null;
  userAgent: string | null;
  clientId: string | null;
}

export function requestInfo(c: Context): RequestInfo {
  return {
    ip: remoteAddress(c),
    userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null,
    // The PWA's browser-profile id (sync protocol); optional on non-sync calls.
    clientId: c.req.header('x-client-id')?.slice(0, 64) ?? null,
  };
}

function remoteAddress(c: Context): string | null {
  try {
    // Only the socket address: X-Forwarded-For is client-controlled unless a proxy is configured.
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null; // app.request() in tests has no socket
  }
}
