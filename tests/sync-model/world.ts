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

let template: Promise<Buffer> | undefined;

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
  private constructor(readonly db: Kysely<Database>) {
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
    return new World(db);
  }

  /** A server restart: a new app over the same database; nothing in memory survives. */
  restart(): void {
    this.app = createApp({ db: this.db, config: testConfig });
  }

  async call(
    path: string,
    body: unknown,
    token?: string,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; data: unknown }> {
    const push = path === '/api/sync/push' ? pushRequestSchema.parse(body) : null;
    const before = push ? await this.progress(push.clientId) : null;
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
    if (push) {
      const after = await this.progress(push.clientId);
      const from = before?.last ?? 0;
      for (const mutation of push.mutations) {
        if (after && mutation.id > from && mutation.id <= after.last) {
          this.processed.push({ clientId: push.clientId, username: after.username, mutation });
        }
      }
    }
    return { status: response.status, data: envelope.data };
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
 * One browser profile: its own IndexedDB (fake-indexeddb), a sync engine and a network switch. (The service
 * worker keeps no pushes of its own since issue 25: they would be personal data in clear.)
 */
export class SimClient {
  db: ClinicDb;
  engine: SyncEngine;
  online = true;
  /** Pushes reach the server but the answer is lost, so the client sends them again. */
  lossy = false;
  private tokens: Tokens | null = null;

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
    });
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
    const { accessToken, refreshToken } = data as { accessToken: string; refreshToken: string };
    this.tokens = { access: accessToken, refresh: refreshToken };
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
      push: async (request: PushRequest) => {
        const data = await this.authed('/api/sync/push', request);
        if (this.lossy) throw new SyncTransportError('network', 'answer lost');
        return pushResponseSchema.parse(data);
      },
      pull: async (request: PullRequest) => pullResponseSchema.parse(await this.authed('/api/sync/pull', request)),
    };
  }
}
