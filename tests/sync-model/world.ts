import {
  DEVICE_CREDENTIAL_HEADER,
  PROTOCOL_VERSION,
  type PullRequest,
  type PushRequest,
  type WireMutation,
  pullResponseSchema,
  pushRequestSchema,
  pushResponseSchema,
} from '@clinic/sync-protocol';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { createApp } from '../../api/src/app';
import { hashPassword } from '../../api/src/auth/password';
import { openSqlite } from '../../api/src/db/connect';
import type { Database } from '../../api/src/db/database';
import { migrateToLatest } from '../../api/src/db/migrate';
import { withStatementCache } from '../../api/src/db/statement-cache';
import { TEST_HASH_COST, testConfig } from '../../api/src/test/harness';
import { insertUser } from '../../api/src/users/users.repository';
import { ClinicDb } from '../../web/src/data/clinic-db';
import { SyncEngine } from '../../web/src/sync/engine';
import { type SyncTransport, SyncTransportError } from '../../web/src/sync/transport';
import { sendSealed } from '../../web/src/sync/sealed-send';
import { type SealKeys, ephemeralSealKeys } from '../../api/src/sync/seal-keys';
import { sealFor } from '../../sync-protocol/src/sealed/seal';

let template: Promise<Buffer> | undefined;
/** One key pair for every schedule: making one is not what this test is about. */
let sealKeysOnce: Promise<SealKeys> | undefined;

/** An in-memory server database with every migration run and the model's users in it, as bytes. */
async function migratedTemplate(): Promise<Buffer> {
  const sqlite = openSqlite(':memory:');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  await migrateToLatest(db);
  const now = new Date().toISOString();
  for (const user of USERS) {
    await insertUser(db, {
      id: crypto.randomUUID(),
      username: user.username,
      email: `${user.username}@clinic.example`,
      password_hash: await hashPassword(user.password, TEST_HASH_COST),
      role: user.role,
      created_at: now,
      updated_at: now,
      last_login: null,
      first_failed_login_at: null,
      locked_until: null,
    });
  }
  const bytes = sqlite.serialize();
  await db.destroy();
  return bytes;
}

export const USERS = [
  { username: 'admin', password: 'model-admin-pass-1', role: 'admin' as const },
  { username: 'staff1', password: 'model-staff-pass-1', role: 'staff' as const },
];

/** A mutation the server has processed (applied it, or stored it as a rejection), and who pushed it. */
export type Processed = { clientId: string; username: string; mutation: WireMutation };

/** The real server (Hono app on an in-memory SQLite) that a schedule talks to. */
export class World {
  app!: ReturnType<typeof createApp>;
  /**
   * Every mutation in the order the server processed it, read from its own progress record: a push
   * processed those of its mutations that moved the client's lastMutationId (sync_clients) forward.
   */
  readonly processed: Processed[] = [];
  private constructor(
    readonly db: Kysely<Database>,
    /** Kept across restarts, as DATA_DIR/seal-keys.json is: what a worker sealed before a restart still opens. */
    readonly sealKeys: SealKeys,
  ) {
    this.restart();
  }

  /**
   * A fresh server database for each schedule, copied from one migrated at the first call: a thousand
   * schedules each running every migration and hashing every password spent most of this test's time there.
   */
  static async create(): Promise<World> {
    template ??= migratedTemplate();
    const sqlite = new SqliteDatabase(await template);
    sqlite.pragma('foreign_keys = ON');
    // As the app's own connection does (connect.ts), so each schedule does not prepare every query anew.
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    return new World(db, await (sealKeysOnce ??= ephemeralSealKeys()));
  }

  /** A server restart: a new app over the same database; nothing in memory survives. */
  restart(): void {
    this.app = createApp({ db: this.db, config: testConfig, sealKeys: this.sealKeys });
  }

  async call(
    path: string,
    body: unknown,
    token?: string,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; data: unknown }> {
    const push = path === '/api/sync/push' ? pushRequestSchema.parse(body) : null;
    return this.tracked(push, async () => {
      const response = await this.app.request(path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: JSON.stringify(body),
      });
      const envelope = (await response.json()) as { data: unknown };
      return { status: response.status, data: envelope.data };
    });
  }

  /**
   * A sealed push (issue 37) sent the app's one way (sealed-send.ts), by the page or the worker. `push` is
   * what the test knows it holds, to record what the server processed; the server opens the body itself.
   */
  sendSealed(body: string, push: PushRequest) {
    return this.tracked(push, () => sendSealed(body, async (url, init) => this.app.request(url, init)));
  }

  /** Runs `send`, recording the mutations of `push` it moved the client's progress past. */
  private async tracked<T>(push: PushRequest | null, send: () => Promise<T>): Promise<T> {
    const before = push ? await this.progress(push.clientId) : null;
    const result = await send();
    if (push) {
      const after = await this.progress(push.clientId);
      const from = before?.last ?? 0;
      for (const mutation of push.mutations) {
        if (after && mutation.id > from && mutation.id <= after.last) {
          this.processed.push({ clientId: push.clientId, username: after.username, mutation });
        }
      }
    }
    return result;
  }

  private async progress(clientId: string): Promise<{ last: number; username: string } | null> {
    const row = await this.db
      .selectFrom('sync_clients')
      .innerJoin('users', 'users.id', 'sync_clients.user_id')
      .select(['sync_clients.last_mutation_id', 'users.username'])
      .where('sync_clients.client_id', '=', clientId)
      .executeTakeFirst();
    return row ? { last: Number(row.last_mutation_id), username: row.username } : null;
  }

  destroy(): Promise<void> {
    return this.db.destroy();
  }
}

type Tokens = { access: string; refresh: string };

/**
 * One browser profile: its own IndexedDB (fake-indexeddb), a sync engine, a network switch, and its service
 * worker's queue of pushes sealed for the server (issue 37), which survives reloads and is replayed late,
 * twice, or after the page sent the same changes itself.
 */
export class SimClient {
  db: ClinicDb;
  engine: SyncEngine;
  online = true;
  /** Pushes reach the server but the answer is lost, so the client sends them again. */
  lossy = false;
  private tokens: Tokens | null = null;
  private userId: string | null = null;
  /** The worker's queue: sealed bodies (and, for the test's record only, the push each holds). */
  queue: Array<{ body: string; push: PushRequest }> = [];

  constructor(
    private readonly world: World,
    readonly dbName: string,
    readonly user: (typeof USERS)[number],
  ) {
    this.db = new ClinicDb(dbName);
    this.engine = this.makeEngine();
  }

  private makeEngine(): SyncEngine {
    return new SyncEngine({
      db: this.db,
      transport: this.transport(),
      userName: () => this.user.username,
      isOnline: () => this.online,
      retryWithBackoff: false,
      onPushNetworkFailure: async (requests) => {
        const sealed = [];
        for (const push of requests) {
          const body = await this.seal(push);
          if (!body) return;
          sealed.push({ body, push });
        }
        this.queue = sealed;
      },
      onPushedAll: () => {
        this.queue = [];
      },
    });
  }

  /** The push sealed as the page seals it (sync/seal-push.ts), or null before the first sync gave a credential. */
  private async seal(push: PushRequest): Promise<string | null> {
    if (!this.credential || !this.userId) return null;
    const key = this.world.sealKeys.current;
    return JSON.stringify(await sealFor(key, { credential: this.credential, senderId: this.userId, push }));
  }

  /**
   * The worker replays its queue as sw-replay.ts does: in order, a body goes on a network failure or a busy
   * server, else leaves. `keep`: the answer is lost, so the same bodies are sent again later (a duplicate).
   */
  async replayQueue(keep = false): Promise<void> {
    if (!this.online) return;
    while (this.queue.length > 0) {
      const [entry] = this.queue;
      const outcome = await this.world.sendSealed(entry!.body, entry!.push);
      if (outcome.kind === 'network' || outcome.kind === 'later') return;
      if (keep) return;
      this.queue.shift();
    }
  }

  /** A reload: memory is lost, IndexedDB (outbox included) is kept. */
  reload(): void {
    this.db.close();
    this.db = new ClinicDb(this.dbName);
    this.engine = this.makeEngine();
  }

  expireToken(): void {
    if (this.tokens) this.tokens.access = 'expired.token.value';
  }

  private async login(): Promise<Tokens> {
    const { status, data } = await this.world.call('/api/auth/login', {
      email: this.user.username,
      password: this.user.password,
    });
    if (status !== 200) throw new Error(`login failed: ${status}`);
    const { accessToken, refreshToken, user } = data as {
      accessToken: string;
      refreshToken: string;
      user: { id: string };
    };
    this.tokens = { access: accessToken, refresh: refreshToken };
    this.userId = user.id;
    return this.tokens;
  }

  /** This device's sync credential, registered at its first sync as the app does (issue 34). */
  private credential: string | null = null;

  private async proof(clientId: string, token: string): Promise<Record<string, string>> {
    if (!this.credential) {
      const answer = await this.world.call(
        '/api/sync/register',
        { protocolVersion: PROTOCOL_VERSION, clientId },
        token,
      );
      if (answer.status !== 200) throw new SyncTransportError('refused', `register refused ${answer.status}`);
      this.credential = (answer.data as { credential: string }).credential;
    }
    return { [DEVICE_CREDENTIAL_HEADER]: this.credential };
  }

  /** Calls the server as the app's client would: bearer token, one silent refresh on 401, the device's credential. */
  private async authed(path: string, body: { clientId: string }): Promise<unknown> {
    if (!this.online) throw new SyncTransportError('network', 'offline');
    const tokens = this.tokens ?? (await this.login());
    const proof = await this.proof(body.clientId, tokens.access);
    let answer = await this.world.call(path, body, tokens.access, proof);
    if (answer.status === 401) {
      const refreshed = await this.world.call('/api/auth/refresh', { refreshToken: tokens.refresh });
      if (refreshed.status !== 200) throw new SyncTransportError('auth', 'login required');
      const { accessToken, refreshToken } = refreshed.data as { accessToken: string; refreshToken: string };
      this.tokens = { access: accessToken, refresh: refreshToken };
      answer = await this.world.call(path, body, accessToken, proof);
    }
    if (answer.status >= 500) throw new SyncTransportError('server', `server ${answer.status}`);
    if (answer.status >= 400) throw new SyncTransportError('refused', `refused ${answer.status}`);
    return answer.data;
  }

  private transport(): SyncTransport {
    return {
      // Sealed and sent the one way the worker also sends (as the app's http-transport does); the credential
      // is registered by a first call with the person's token, as the app's first sync does.
      push: async (request: PushRequest) => {
        if (!this.online) throw new SyncTransportError('network', 'offline');
        if (!this.credential || !this.userId) {
          const tokens = this.tokens ?? (await this.login());
          await this.proof(request.clientId, tokens.access);
        }
        const outcome = await this.world.sendSealed((await this.seal(request))!, request);
        if (outcome.kind === 'network') throw new SyncTransportError('network', outcome.message);
        if (outcome.kind === 'later') throw new SyncTransportError('server', outcome.message, outcome.code);
        if (outcome.kind !== 'done') throw new SyncTransportError('refused', outcome.message, outcome.code);
        if (this.lossy) throw new SyncTransportError('network', 'answer lost');
        return pushResponseSchema.parse(outcome.data);
      },
      pull: async (request: PullRequest) => pullResponseSchema.parse(await this.authed('/api/sync/pull', request)),
    };
  }
}
