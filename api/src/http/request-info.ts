import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { getConnInfo } from '@hono/node-server/conninfo';
import { type TrustProxy, clientAddress, ownOrigin } from './trust-proxy';

declare module 'hono' {
  interface ContextVariableMap {
    /** Set by `behindProxy` for every request: who sent it, and where the browser sees this server. */
    client: { ip: string | null; ownOrigin: string };
  }
}

/** Where a request came from, for sessions, the audit log and the per-address rate limits. */
export interface RequestInfo {
  ip: string | null;
  userAgent: string | null;
  clientId: string | null;
}

/**
 * Reads the client's address and the server's own origin once per request, from the socket, or
 * from the X-Forwarded-* headers of a proxy TRUST_PROXY names (see trust-proxy.ts).
 */
export function behindProxy(trust: TrustProxy) {
  return createMiddleware(async (c, next) => {
    const socket = socketAddress(c);
    const header = (name: string) => c.req.header(name);
    c.set('client', {
      ip: clientAddress(trust, socket, { forwardedFor: header('x-forwarded-for'), realIp: header('x-real-ip') }),
      ownOrigin: ownOrigin(trust, socket, c.req.url, {
        proto: header('x-forwarded-proto'),
        host: header('x-forwarded-host'),
      }),
    });
    await next();
  });
}

export function requestInfo(c: Context): RequestInfo {
  return {
    ip: c.get('client')?.ip ?? socketAddress(c),
    userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null,
    // The PWA's browser-profile id (sync protocol); optional on non-sync calls.
    clientId: c.req.header('x-client-id')?.slice(0, 64) ?? null,
  };
}

function socketAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null; // app.request() in tests has no socket
  }
}
