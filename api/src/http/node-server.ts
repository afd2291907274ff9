import { IncomingMessage, type Server, ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Http2Bindings, type HttpBindings, getRequestListener } from '@hono/node-server';

/** An unread request body up to this size is read to its end after the answer; a larger one closes the connection. */
export const DRAIN_LIMIT_BYTES = 1024 * 1024;

type FetchApp = { fetch: (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response> };

/** The app on a Node HTTP server that keeps keep-alive connections usable after any answer. */
export function createNodeServer(app: FetchApp): Server {
  const listener = getRequestListener(async (request, env) => {
    const response = await app.fetch(request, env);
    // Always HTTP/1.1 here (createServer below); the check narrows the adapter's type.
    if (env.incoming instanceof IncomingMessage && env.outgoing instanceof ServerResponse) settleUnreadBody(request, env.incoming, env.outgoing);
    return response;
  });
  return createServer(listener);
}

/** Listens on `port` (0: any free one) and resolves with the port it got. */
export function startServer(app: FetchApp, port: number, hostname?: string): Promise<{ server: Server; port: number }> {
  const server = createNodeServer(app);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, () => {
      server.off('error', reject);
      resolve({ server, port: (server.address() as AddressInfo).port });
    });
  });
}

/**
 * A request answered before its body was read (401 from the auth check, 404, 413) leaves the body
 * on the connection. @hono/node-server drains it after the answer, but not once the body stream was
 * opened (hono's bodyLimit opens it): that stream pauses the socket whenever its queue fills, the
 * drain gives up after 500 ms and destroys the socket, and the client's next request on it is lost.
 * So a small leftover is read to its end through that same stream, and a large one (or one already
 * half read) is answered with `Connection: close`, so the client opens a new connection for the next.
 */
function settleUnreadBody(request: Request, incoming: IncomingMessage, outgoing: ServerResponse): void {
  const length = incoming.headers['content-length'];
  const hasBody = length !== undefined || incoming.headers['transfer-encoding'] !== undefined;
  if (!hasBody || incoming.readableEnded) return;
  const small = length !== undefined && Number(length) <= DRAIN_LIMIT_BYTES;
  if (small && request.body && !request.body.locked) {
    request.body.pipeTo(new WritableStream()).catch(() => undefined);
    return;
  }
  if (!outgoing.headersSent) outgoing.setHeader('Connection', 'close');
}
