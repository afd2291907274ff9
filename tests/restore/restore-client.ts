import {
  DEVICE_CREDENTIAL_HEADER,
  PROTOCOL_VERSION,
  type SyncedTable,
  healFinishResponseSchema,
  healResponseSchema,
  healStartResponseSchema,
  pullResponseSchema,
  pushResponseSchema,
} from '@clinic/sync-protocol';
import type { Kysely } from 'kysely';
import { createApp } from '../../api/src/app';
import type { Database } from '../../api/src/db/database';
import { openDatabase } from '../../api/src/db/startup';
import { testConfig } from '../../api/src/test/harness';
import { ClinicDb } from '../../web/src/data/clinic-db';
import { SyncEngine } from '../../web/src/sync/engine';
import { SyncTransportError, type SyncTransport } from '../../web/src/sync/transport';

/** The real server (app + database on disk: SQLite in DATA_DIR, or a PostgreSQL database), stopped and started around a restore. */
export class RestoreServer {
  db!: Kysely<Database>;
  app!: ReturnType<typeof createApp>;
  constructor(
    readonly dataDir: string,
    readonly databaseUrl: string | undefined,
  ) {}

  async start(): Promise<void> {
    this.db = await openDatabase({ dataDir: this.dataDir, databaseUrl: this.databaseUrl });
    this.app = createApp({ db: this.db, config: testConfig });
  }

  stop(): Promise<void> {
    return this.db.destroy();
  }

  async call(path: string, body: unknown, headers: Record<string, string> = {}) {
    const response = await this.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const envelope = (await response.json()) as { data: unknown; code: string | null };
    return { status: response.status, data: envelope.data, code: envelope.code };
  }
}

/** What a tablet talks to: the app in this process, or a cluster through its proxy (tests/cluster). */
export interface TabletServer {
  call(
    path: string,
    body: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; data: unknown; code: string | null }>;
}

/** One tablet: its own IndexedDB (fake-indexeddb), the app's sync engine (push, pull, heal) and its login. */
export class RestoreTablet {
  readonly db: ClinicDb;
  readonly engine: SyncEngine;
  private token: string | null = null;
  private credential: string | null = null;

  constructor(
    private readonly server: TabletServer,
    name: string,
    readonly user: { username: string; password: string },
  ) {
    this.db = new ClinicDb(name);
    this.engine = new SyncEngine({
      db: this.db,
      transport: this.transport(),
      userName: () => user.username,
      isOnline: () => true,
      retryWithBackoff: false,
    });
  }

  private async authed(path: string, body: { clientId: string }): Promise<unknown> {
    for (let attempt = 0; attempt < 2; attempt++) {
      if (!this.token) {
        const login = await this.server.call('/api/auth/login', {
          email: this.user.username,
          password: this.user.password,
        });
        if (login.status !== 200) throw new SyncTransportError('server', `login ${login.status}`);
        this.token = (login.data as { accessToken: string }).accessToken;
      }
      const auth = { authorization: `Bearer ${this.token}` };
      if (!this.credential) {
        const registered = await this.server.call(
          '/api/sync/register',
          { protocolVersion: PROTOCOL_VERSION, clientId: body.clientId },
          auth,
        );
        if (registered.status !== 200) throw new SyncTransportError('refused', `register ${registered.status}`);
        this.credential = (registered.data as { credential: string }).credential;
      }
      const answer = await this.server.call(path, body, { ...auth, [DEVICE_CREDENTIAL_HEADER]: this.credential });
      if (answer.status === 401) {
        this.token = null;
        continue;
      }
      if (answer.status >= 500) throw new SyncTransportError('server', `server ${answer.status}`, answer.code);
      if (answer.status >= 400) throw new SyncTransportError('refused', `refused ${answer.status}`, answer.code);
      return answer.data;
    }
    throw new SyncTransportError('auth', 'login required');
  }

  private transport(): SyncTransport {
    return {
      push: async (request) => pushResponseSchema.parse(await this.authed('/api/sync/push', request)),
      pull: async (request) => pullResponseSchema.parse(await this.authed('/api/sync/pull', request)),
      heal: {
        start: async (request) => healStartResponseSchema.parse(await this.authed('/api/sync/heal/start', request)),
        send: async (request) => healResponseSchema.parse(await this.authed('/api/sync/heal', request)),
        finish: async (request) => healFinishResponseSchema.parse(await this.authed('/api/sync/heal/finish', request)),
      },
    };
  }

  /** The records this tablet holds alive, per table: id -> when last changed. */
  async live(): Promise<Record<SyncedTable, Record<string, string>>> {
    const out = {} as Record<SyncedTable, Record<string, string>>;
    for (const table of TABLES) {
      const rows = (await this.db.synced(table).toArray()) as unknown as {
        id: string;
        deleted: boolean;
        updatedAt: string;
      }[];
      out[table] = Object.fromEntries(rows.filter((r) => !r.deleted).map((r) => [r.id, r.updatedAt]));
    }
    return out;
  }

  async outboxSize(): Promise<number> {
    return this.db.outbox.count();
  }
}

export const TABLES: SyncedTable[] = [
  'customers',
  'visits',
  'surveys',
  'diagnoses',
  'painMarkers',
  'media',
  'faceAnalyses',
  'appointments',
];
