import 'fake-indexeddb/auto';
import { GetObjectCommand, ListMultipartUploadsCommand, ListPartsCommand } from '@aws-sdk/client-s3';
import { DEVICE_CREDENTIAL_HEADER, PROTOCOL_VERSION } from '@clinic/sync-protocol';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceUpload, storedLog } from '../../api/src/android-logs/android-logs-test-support';
import { deviceLogBytesOf } from '../../api/src/android-logs/device-logs.repository';
import { appPostgresDialect, resilientPool } from '../../api/src/db/connect';
import type { Database } from '../../api/src/db/database';
import { mp4 } from '../../api/src/media/media-test-support';
import { seedUser } from '../../api/src/test/harness';
import { realPostgresDatabase } from '../../api/src/test/real-postgres';
import { setDataKey } from '../../web/src/vault/data-key';
import { RestoreTablet } from '../restore/restore-client';
import { startS3 } from '../../api/src/test/moto';
import { ApiProcess, startHaproxy } from '../../scripts/cluster/cluster-processes';
import { ProxiedServer, direct, request, settle, work } from './cluster-client';

/*
 * Issue 39: three API processes (what `npm start` runs) on one PostgreSQL, with media in an S3 bucket
 * (moto_server), behind HAProxy with the repository's example configuration (deploy/haproxy.cfg). Every
 * request below goes through the proxy unless it names a process to prove a point about it.
 */

const USERS = [
  { username: 'staff1', email: 'staff1@clinic.local', password: 'staff-password-123', role: 'staff' as const },
  { username: 'staff2', email: 'staff2@clinic.local', password: 'staff-password-456', role: 'staff' as const },
  { username: 'staff3', email: 'staff3@clinic.local', password: 'staff-password-789', role: 'staff' as const },
];
/** One device log as stored: every upload of the quota test is this size (same-length session ids). */
const LOG_BYTES = deviceLogBytesOf(storedLog({ sessionId: 'quota-00' }));
const MiB = 1024 * 1024;

let pg: Awaited<ReturnType<typeof realPostgresDatabase>>;
let s3: Awaited<ReturnType<typeof startS3>>;
let proxy: Awaited<ReturnType<typeof startHaproxy>>;
let db: Kysely<Database>;
const nodes: ApiProcess[] = [];

beforeAll(async () => {
  setDataKey(crypto.getRandomValues(new Uint8Array(32)));
  [pg, s3] = await Promise.all([realPostgresDatabase(), startS3('clinic-media')]);
  const env = {
    DATABASE_URL: pg.url,
    // Shared by every process: tokens signed by one are checked by the others, keys sealed by one opened by all.
    TOKEN_SECRET: 'cluster-test-token-secret-0123456789abcdef',
    DEVICE_KEY_SECRET: 'cluster-test-device-key-secret-0123456789ab',
    MEDIA_STORE: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: '1',
    S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    // Two hops: the test's own X-Forwarded-For names the "client", as a second proxy in front would.
    TRUST_PROXY: '2',
    ADMIN_PASSWORD: 'cluster-admin-password-1',
    LOGIN_STRANGER_CHECKS_PER_SECOND: '1000',
    // 6.5 logs a day for anonymous senders, a third of it (2 logs) per address.
    ANONYMOUS_DAILY_MB: String((6.5 * LOG_BYTES) / MiB),
    ANONYMOUS_ADDRESS_PERCENT: '33.4',
    WEB_DIST: '/nonexistent',
  };
  for (const name of ['api1', 'api2', 'api3']) nodes.push(new ApiProcess(name, env));
  // The first runs the migrations; the others start on the migrated database side by side.
  await nodes[0]!.start();
  await Promise.all(nodes.slice(1).map((node) => node.start()));
  proxy = await startHaproxy(nodes);
  db = new Kysely<Database>({ dialect: appPostgresDialect(resilientPool(pg.url, 2)) });
  for (const user of USERS) await seedUser(db, user);
}, 180_000);

afterAll(async () => {
  proxy?.stop();
  await Promise.all(nodes.map((node) => node.stop()));
  await db?.destroy();
  s3?.stop();
  await pg?.drop();
});

/** A JSON request through the proxy (or straight to one process), with the node that answered. */
const call = (path: string, body: unknown, headers: Record<string, string> = {}, base = proxy.url, method = 'POST') =>
  request(base, path, body, headers, method);

/** Until the proxy sends to all three (a restarted process is back after its health checks pass). */
async function allThreeServing(): Promise<void> {
  await expect
    .poll(
      async () => {
        const served = new Set<string>();
        for (let i = 0; i < 6; i++) served.add((await call('/api/health', undefined, {}, proxy.url, 'GET')).node ?? '');
        return served.size;
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe(3);
}

describe('three API processes behind HAProxy on one PostgreSQL and one bucket', () => {
  it('spreads requests over the three processes, and checks their health', async () => {
    const served = new Set<string>();
    for (let i = 0; i < 6; i++) served.add((await call('/api/health', undefined, {}, proxy.url, 'GET')).node ?? '');
    expect([...served].sort(), proxy.output()).toEqual(['api1', 'api2', 'api3']);
  }, 30_000);

  it('two tablets push and pull through the proxy while a process is killed mid-push: each change applied once, both converge', async () => {
    const server = new ProxiedServer(proxy.url);
    const tablets = [0, 1].map((i) => new RestoreTablet(server, `cluster-${i}-${crypto.randomUUID()}`, USERS[i]!));
    for (let round = 0; round < 3; round++)
      for (const tablet of tablets) {
        await work(tablet, round);
        await tablet.engine.sync().catch(() => undefined);
      }
    // A big push goes straight to api2, which is killed while it runs; the tablet goes on through the proxy.
    await work(tablets[0]!, 10);
    await work(tablets[0]!, 11);
    server.killDuringNextPush = nodes[1]!;
    await tablets[0]!.engine.sync().catch(() => undefined);
    for (let round = 12; round < 15; round++)
      for (const tablet of tablets) {
        await work(tablet, round);
        await tablet.engine.sync().catch(() => undefined);
      }
    await nodes[1]!.start();
    await allThreeServing();
    await settle(tablets);

    // Both hold the same, and that is what the database holds.
    const [a, b] = await Promise.all(tablets.map((t) => t.live()));
    expect(a).toEqual(b);
    const customers = await db.selectFrom('customers').select('id').where('deleted', '=', 0).execute();
    expect(customers.map((c) => c.id).sort()).toEqual(Object.keys(a!.customers).sort());
    expect(customers).toHaveLength(2 * 4 * 6 + 4 * 2);
    // Exactly once: every mutation each tablet made is in the access log (its rows name it), and no change twice.
    const { rows } = await sql<{ client_id: string; mutations: string; changes: string; distinct_changes: string }>`
      select client_id, count(distinct detail::json->>'mutationId') as mutations, count(*) as changes,
        count(distinct (detail::json->>'mutationId') || entity || entity_id || action) as distinct_changes
      from audit_log where client_id is not null and detail like '%mutationId%' group by client_id`.execute(db);
    // 9 mutations a round: tablet A worked 8 rounds, tablet B 6.
    expect(rows.map((r) => Number(r.mutations)).sort((x, y) => x - y)).toEqual([6 * 9, 8 * 9]);
    for (const row of rows) expect(Number(row.changes)).toBe(Number(row.distinct_changes));
    const clients = await db.selectFrom('sync_clients').select('last_mutation_id').execute();
    expect(clients.map((c) => Number(c.last_mutation_id)).sort((x, y) => x - y)).toEqual([6 * 9, 8 * 9]);
  }, 120_000);

  it('a 20 MB upload begun through one process, that process killed, resumes through another from its offset; the bucket holds it byte for byte', async () => {
    const login = await call('/api/auth/login', { email: USERS[2]!.email, password: USERS[2]!.password });
    const token = (login.data as { accessToken: string }).accessToken;
    const auth = { authorization: `Bearer ${token}` };
    const clientId = crypto.randomUUID();
    const registered = await call('/api/sync/register', { protocolVersion: PROTOCOL_VERSION, clientId }, auth);
    const credential = (registered.data as { credential: string }).credential;
    const customerId = crypto.randomUUID();
    const file = mp4(20 * MiB);
    const mediaId = crypto.randomUUID();
    const push = await call(
      '/api/sync/push',
      {
        protocolVersion: PROTOCOL_VERSION,
        clientId,
        mutations: [
          {
            id: 1,
            name: 'customer.create',
            clientTime: '2026-11-22T09:00:00.000Z',
            args: { id: customerId, name: '動画 太郎', phone: '03-1234-5678' },
          },
          {
            id: 2,
            name: 'media.create',
            clientTime: '2026-11-22T09:30:00.000Z',
            args: {
              id: mediaId,
              customerId,
              visitId: null,
              kind: 'video',
              mime: 'video/mp4',
              size: file.length,
              duration: 12,
              width: null,
              height: null,
              capturedAt: '2026-11-22T09:30:00.000Z',
              quality: null,
            },
          },
        ],
      },
      { ...auth, [DEVICE_CREDENTIAL_HEADER]: credential },
    );
    expect(push.status).toBe(200);

    const TUS = { 'Tus-Resumable': '1.0.0', ...auth };
    const created = await fetch(`${direct(nodes[2]!)}/api/media/tus`, {
      method: 'POST',
      headers: {
        ...TUS,
        'Upload-Length': String(file.length),
        'Upload-Metadata': `mediaId ${Buffer.from(mediaId).toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    // The first 12 MB go to api3 and the request stays open (the tablet's connection drops with it).
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 12 * MiB) return new Promise(() => undefined);
        const chunk = file.subarray(sent, sent + MiB);
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const patching = fetch(`${direct(nodes[2]!)}/api/media/tus/${mediaId}`, {
      method: 'PATCH',
      headers: { ...TUS, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body,
      duplex: 'half',
    } as RequestInit).catch(() => null);
    // Once a part is in the bucket, api3 is killed.
    await expect
      .poll(
        async () => {
          const uploads = await s3.client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket }));
          const upload = uploads.Uploads?.find((u) => u.Key === mediaId);
          if (!upload) return 0;
          const parts = await s3.client.send(
            new ListPartsCommand({ Bucket: s3.bucket, Key: mediaId, UploadId: upload.UploadId }),
          );
          return parts.Parts?.length ?? 0;
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBeGreaterThan(0);
    await nodes[2]!.kill();
    await patching;

    // Through the proxy (so another process): where the upload stands, then the rest from there.
    const head = await fetch(`${proxy.url}/api/media/tus/${mediaId}`, { method: 'HEAD', headers: TUS });
    expect(head.status).toBe(200);
    expect(head.headers.get('x-test-node')).not.toBe('api3');
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(12 * MiB);
    const rest = await fetch(`${proxy.url}/api/media/tus/${mediaId}`, {
      method: 'PATCH',
      headers: { ...TUS, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
      body: new Blob([file.slice(offset)]),
    });
    expect(rest.status).toBe(204);
    const row = await db.selectFrom('media').select(['uploaded']).where('id', '=', mediaId).executeTakeFirstOrThrow();
    expect(Number(row.uploaded)).toBe(1);
    const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: mediaId }));
    const stored = Buffer.from(await object.Body!.transformToByteArray());
    expect(stored.length).toBe(file.length);
    expect(stored.equals(Buffer.from(file))).toBe(true);
    await nodes[2]!.start();
    await allThreeServing();
  }, 120_000);

  it('five wrong passwords over the three processes lock the account once', async () => {
    const user = USERS[1]!;
    const served = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const wrong = await call('/api/auth/login', { email: user.email, password: `wrong-password-${i}` });
      expect(wrong.status).toBe(401);
      served.add(wrong.node!);
    }
    expect(served.size).toBe(3);
    for (let i = 0; i < 3; i++) {
      const refused = await call('/api/auth/login', { email: user.email, password: user.password });
      expect([refused.status, refused.code]).toEqual([429, 'TOO_MANY_LOGIN_ATTEMPTS']);
    }
    const locks = await db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'login_locked')
      .where('username', '=', user.username)
      .execute();
    expect(locks.filter((l) => l.detail?.includes('too_many_failures'))).toHaveLength(1);
    // Each check is a real scrypt (N=2^17) on a loaded machine.
  }, 60_000);

  it('holds the anonymous day budget and each address’s share for the cluster, not once per process', async () => {
    let session = 0;
    const upload = (address: string) =>
      call(
        '/api/android-logs/upload',
        deviceUpload({ sessionId: `quota-${String(session++ % 100).padStart(2, '0')}` }),
        {
          'X-Forwarded-For': address,
        },
      );
    // One address: its share (2 logs) over the processes, then refused by whichever answers.
    const first = [await upload('203.0.113.1'), await upload('203.0.113.1'), await upload('203.0.113.1')];
    expect(first.map((a) => a.status)).toEqual([201, 201, 429]);
    expect(new Set(first.map((a) => a.node)).size).toBe(3);
    for (const address of ['203.0.113.2', '203.0.113.3'])
      for (let i = 0; i < 2; i++) expect((await upload(address)).status).toBe(201);
    // Six logs today: the day's budget is spent, for any new address on any process.
    for (let i = 0; i < 3; i++) {
      const refused = await upload(`198.51.100.${i + 1}`);
      expect([refused.status, refused.code]).toEqual([429, 'RATE_LIMITED']);
    }
  }, 30_000);

  it('a refresh token rotated on one process is honoured on the others, and the old one on none', async () => {
    const user = USERS[0]!;
    const login = await call('/api/auth/login', { email: user.email, password: user.password }, {}, direct(nodes[0]!));
    const first = login.data as { refreshToken: string };
    const rotated = await call('/api/auth/refresh', { refreshToken: first.refreshToken }, {}, direct(nodes[0]!));
    expect(rotated.status).toBe(200);
    const next = rotated.data as { accessToken: string; refreshToken: string };
    for (const node of nodes.slice(1)) {
      const me = await call(
        '/api/auth/me',
        undefined,
        { authorization: `Bearer ${next.accessToken}` },
        direct(node),
        'GET',
      );
      expect(me.status).toBe(200);
    }
    const again = await call('/api/auth/refresh', { refreshToken: next.refreshToken }, {}, direct(nodes[1]!));
    expect(again.status).toBe(200);
    const old = await call('/api/auth/refresh', { refreshToken: first.refreshToken }, {}, direct(nodes[2]!));
    expect(old.status).toBe(401);
  }, 30_000);
});
