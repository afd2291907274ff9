// Issue 11: a 100 MB video uploaded over loopback by tus (tus-js-client in Node, 4 MB chunks as the
// browser sends them); then the connection cut at 50 % and the upload resumed from the server's offset.
import { randomFillSync } from 'node:crypto';
import { type Socket, connect, createServer } from 'node:net';
import { Transform } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { PROTOCOL_VERSION } from '@clinic/sync-protocol';
import * as tus from 'tus-js-client';
import { apiLogin, createServerCustomer } from '../../web/e2e/support/api';
import { ADMIN, startServer } from '../../web/e2e/support/server';
import { registerDevice } from '../../web/e2e/support/device-proof';

const MB = 1024 * 1024;
const SIZE = 100 * MB;
const CHUNK = 4 * MB;

/** WebM's first bytes (EBML header) and a random body: what the server checks, at a real size. */
function fakeWebm(): Buffer {
  const file = Buffer.allocUnsafe(SIZE);
  randomFillSync(file);
  file.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81]);
  return file;
}

/**
 * A TCP relay in front of the server that counts the bytes a client sends and, when armed, drops
 * every connection once that many more have passed: the Wi-Fi going away mid-chunk, not a tidy abort.
 */
async function cuttingRelay(target: URL) {
  let sent = 0;
  let cutAt = Number.POSITIVE_INFINITY;
  const open = new Set<Socket>();
  const relay = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => undefined);
    }
    const counter = new Transform({
      transform(data: Buffer, _encoding, callback) {
        sent += data.length;
        callback(null, data);
        if (sent >= cutAt) {
          cutAt = Number.POSITIVE_INFINITY;
          for (const socket of open) socket.destroy();
        }
      },
    });
    client.pipe(counter).pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const address = relay.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    sent: () => sent,
    cutAfter: (bytes: number) => {
      cutAt = sent + bytes;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        relay.close(() => resolve());
      }),
  };
}

type Session = {
  baseURL: string;
  token: string;
  customerId: string;
  clientId: string;
  proof: Record<string, string>;
  nextMutationId: number;
};

/** The capture's record reaches the server first, as the device's sync does; the file follows. */
async function recordCapture(s: Session): Promise<string> {
  const id = crypto.randomUUID();
  const args = {
    id,
    customerId: s.customerId,
    visitId: null,
    kind: 'video',
    mime: 'video/webm',
    size: SIZE,
    duration: 160,
    width: 1280,
    height: 720,
    capturedAt: new Date().toISOString(),
    quality: null,
  };
  const response = await fetch(`${s.baseURL}/api/sync/push`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${s.token}`, ...s.proof },
    body: JSON.stringify({
      protocolVersion: PROTOCOL_VERSION,
      clientId: s.clientId,
      mutations: [{ id: s.nextMutationId++, name: 'media.create', clientTime: args.capturedAt, args }],
    }),
  });
  if (!response.ok) throw new Error(`push failed: ${response.status} ${await response.text()}`);
  return id;
}

type Run = { seconds: number; url: string | null; failed: boolean };

/** One tus-js-client upload to `origin`; `resume` continues at an upload URL. A dropped connection ends it (no retries). */
function upload(s: Session, origin: string, id: string, file: Buffer, resume?: string): Promise<Run> {
  return new Promise((resolve) => {
    const started = performance.now();
    const end = (failed: boolean) =>
      resolve({ seconds: (performance.now() - started) / 1000, url: client.url, failed });
    const client: tus.Upload = new tus.Upload(file, {
      endpoint: `${origin}/api/media/tus`,
      uploadUrl: resume ?? null,
      chunkSize: CHUNK,
      metadata: { mediaId: id, filetype: 'video/webm' },
      headers: { Authorization: `Bearer ${s.token}` },
      retryDelays: null,
      storeFingerprintForResuming: false,
      onSuccess: () => end(false),
      onError: () => end(true),
    });
    client.start();
  });
}

async function api<T>(s: Session, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${s.baseURL}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${s.token}`, ...init.headers },
  });
  return ((await response.json()) as { data: T }).data;
}

async function serverOffset(s: Session, id: string): Promise<number> {
  const head = await fetch(`${s.baseURL}/api/media/tus/${id}`, {
    method: 'HEAD',
    headers: { 'Tus-Resumable': '1.0.0', authorization: `Bearer ${s.token}` },
  });
  return Number(head.headers.get('upload-offset'));
}

export async function benchMediaUpload(baseURL: string): Promise<void> {
  console.log('\n== Media upload by tus over loopback (100 MB WebM, 4 MB chunks, tus-js-client in Node) ==');
  const token = await apiLogin(baseURL, ADMIN.username, ADMIN.password);
  const customer = await createServerCustomer(baseURL, { name: 'ベンチ 動画', phone: '03-0000-0000' });
  const clientId = crypto.randomUUID();
  const proof = await registerDevice(baseURL, token, clientId);
  const s: Session = { baseURL, token, customerId: customer.id, clientId, proof, nextMutationId: 1 };
  const file = fakeWebm();

  const direct = await upload(s, baseURL, await recordCapture(s), file);
  console.log(
    `  throughput: ${(SIZE / MB / direct.seconds).toFixed(1)} MB/s (${direct.seconds.toFixed(2)} s for 100 MB)`,
  );

  // The cut and its uninterrupted twin both go through the relay, so they compare like for like.
  const relay = await cuttingRelay(new URL(baseURL));
  try {
    const whole = await upload(s, relay.url, await recordCapture(s), file);
    const wholeBytes = relay.sent();

    const id = await recordCapture(s);
    const before = relay.sent();
    relay.cutAfter(SIZE / 2);
    const cut = await upload(s, relay.url, id, file);
    if (!cut.failed || !cut.url) throw new Error('the connection was not cut');
    const kept = await serverOffset(s, id);
    const resumed = await upload(s, relay.url, id, file, cut.url);
    if (resumed.failed) throw new Error('the resumed upload failed');
    const bytes = relay.sent() - before;
    const seconds = cut.seconds + resumed.seconds;
    const done = await api<{ uploaded: boolean; size: number }>(s, `/api/media/${id}`);

    console.log(
      `  through a relay, uninterrupted: ${whole.seconds.toFixed(2)} s, ${(wholeBytes / MB).toFixed(2)} MB on the wire`,
    );
    console.log(
      `  connection dropped after ${(SIZE / 2 / MB).toFixed(0)} MB on the wire: the server kept ${(kept / MB).toFixed(2)} MB; a new Upload resumed at that offset (uploaded: ${done.uploaded})`,
    );
    console.log(
      `  resume overhead: ${((bytes - wholeBytes) / MB).toFixed(2)} MB sent again (${(((bytes - wholeBytes) / SIZE) * 100).toFixed(2)} % of the file), ${(seconds - whole.seconds).toFixed(2)} s more than uninterrupted (${seconds.toFixed(2)} s in all)`,
    );
  } finally {
    await relay.close();
  }
}

// `node --import tsx scripts/bench/media-upload.ts` runs it alone on a server of its own.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const server = await startServer();
  try {
    await benchMediaUpload(server.baseURL);
  } finally {
    await server.stop();
  }
}
