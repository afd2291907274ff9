import { IncomingMessage, type Server, ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Http2Bindings, type HttpBindings, getRequestListener } from '@hono/node-server';

/** An unread request body up to this size is read to its end after the answer; a larger one closes the connection. */
export const DRAIN_LIMIT_BYTES = 1024 * 1024;
/**
 * How long, and how much, a connection closed after an early answer (a 413) is still read from and
 * discarded. A client sending a large body often reads only once it has sent it: closing with its
 * data unread makes the kernel reset the connection, and the reset throws away the answer it had not
 * read yet. Reading on for a while (a lingering close) lets the answer arrive; the bounds keep one
 * client from holding the connection open or costing more than a moment's reading.
 */
export const LINGER_MS = 2000;
export const LINGER_BYTES = 32 * 1024 * 1024;

/** Longer than a tablet's 30 s pull interval, so its connection stays open between rounds. */
export const KEEP_ALIVE_MS = 65_000;

export type FetchApp = { fetch: (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response> };

/** The app on a Node HTTP server that keeps keep-alive connections usable after any answer. */
export function createNodeServer(app: FetchApp): Server {
  const listener = getRequestListener(async (request, env) => {
    const response = await app.fetch(request, env);
    // Always HTTP/1.1 here (createServer below); the check narrows the adapter's type.
    if (env.incoming instanceof IncomingMessage && env.outgoing instanceof ServerResponse)
      settleUnreadBody(request, env.incoming, env.outgoing);
    return response;
  });
  // The listener answers its own failures; nothing awaits it here.
  const server = createServer((incoming, outgoing) => void listener(incoming, outgoing));
  // A tablet syncs every 30 s; with Node's 5 s default each round opened a new connection, and under
  // load new connections (not requests on open ones) waited seconds in TCP retransmission back-off.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 5_000;
  return server;
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
 * half read) is answered with `Connection: close`, so the client opens a new connection for the next,
 * and the connection is closed lingering (lingerOnClose), so the client reads that answer.
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
  lingerOnClose(incoming);
}

/**
 * Node ends a `Connection: close` answer with `socket.destroySoon()`, which destroys the socket as
 * soon as the answer is out, unread body and all. This socket's destroySoon instead sends the end of
 * the answer (FIN), reads and discards the rest of the body until it ends, LINGER_BYTES were read or
 * LINGER_MS passed, and only then destroys the socket.
 */
function lingerOnClose(incoming: IncomingMessage): void {
  const socket = incoming.socket;
  let lingering = false;
  socket.destroySoon = () => {
    if (lingering || socket.destroyed) return;
    lingering = true;
    socket.end();
    let read = 0;
    const close = () => {
      clearTimeout(timer);
      socket.destroy();
    };
    const timer = setTimeout(close, LINGER_MS);
    // The body's web stream was abandoned with the early answer: its reader would pause the socket.
    incoming.removeAllListeners('data');
    incoming.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > LINGER_BYTES) close();
    });
    incoming.once('end', close);
    incoming.once('error', close);
    socket.once('close', () => clearTimeout(timer));
    incoming.resume();
  };
}
