import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, vi } from 'vitest';
import type { Envelope, LoginResponse, Role } from '@clinic/sync-protocol';
import { createApp } from '../app';
import { LOGIN_LIMITS } from '../auth/login-throttle';
import { hashPassword, type ScryptCost } from '../auth/password';
import type { Database } from '../db/database';
import type { AuthConfig } from '../deps';
import { insertUser } from '../users/users.repository';
import { testDatabases, wipe } from './databases';

/** Cheap scrypt for tests only; production uses DEFAULT_SCRYPT_COST. */
export const TEST_HASH_COST: ScryptCost = { N: 1024, r: 8, p: 1 };

export const testConfig: AuthConfig = {
  tokenSecret: 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
  accessTokenTtlSeconds: 900,
  sessionTtlSeconds: 43200,
  passwordHashCost: TEST_HASH_COST,
  // Tests log in from one address many times a second; the budget for strangers has its own test.
  loginLimits: { ...LOGIN_LIMITS, strangerChecksPerSecond: Infinity },
  // So do their uploads without login; stranger-uploads.test.ts gives the budget its own.
  strangerUploads: { perSecond: Infinity, burst: Infinity },
};

export interface Account {
  id: string;
  username: string;
  email: string;
  password: string;
  role: Role;
}

export interface TestCtx {
  db: Kysely<Database>;
  app: ReturnType<typeof createApp>;
  admin: Account;
  staff: Account;
  /** Migrates this database to the latest schema again, as the harness did (on a shared server, under its lock). */
  migrate: () => Promise<void>;
}

const seedAccounts: Omit<Account, 'id'>[] = [
  { username: 'admin', email: 'admin@clinic.local', password: 'admin-password-123', role: 'admin' },
  { username: 'staff1', email: 'staff1@clinic.local', password: 'staff-password-123', role: 'staff' },
];

/**
 * Runs `body` once per database (SQLite file, PGlite, and a real PostgreSQL when DATABASE_URL is
 * set). The database is opened and migrated once per file; before each test it is emptied and an
 * admin and a staff account are seeded. Use `getCtx()` inside tests/hooks, not at describe time.
 */
export function describeEachDatabase(title: string, body: (getCtx: () => TestCtx) => void): void {
  describe.each(testDatabases)(`${title} [$name]`, (database) => {
    let handle: Awaited<ReturnType<typeof database.open>> | undefined;
    let ctx: TestCtx | undefined;
    beforeAll(async () => {
      handle = await database.open();
      await handle.migrate();
    });
    afterAll(async () => handle?.close());
    beforeEach(async () => {
      if (!handle) throw new Error('database not open');
      await wipe(handle.db);
      const [admin, staff] = await Promise.all(seedAccounts.map((a) => seedUser(handle!.db, a)));
      ctx = {
        db: handle.db,
        app: createApp({ db: handle.db, config: testConfig }),
        admin: admin!,
        staff: staff!,
        migrate: () => handle!.migrate(),
      };
    });
    body(() => {
      if (!ctx) throw new Error('getCtx() is only available inside a test');
      return ctx;
    });
  });
}

export async function seedUser(db: Kysely<Database>, account: Omit<Account, 'id'>): Promise<Account> {
  const now = new Date().toISOString();
  const row = await insertUser(db, {
    id: crypto.randomUUID(),
    username: account.username,
    email: account.email,
    password_hash: await hashPassword(account.password, TEST_HASH_COST),
    role: account.role,
    created_at: now,
    updated_at: now,
    last_login: null,
    first_failed_login_at: null,
    locked_until: null,
  });
  return { ...account, id: row.id };
}

type App = TestCtx['app'];
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test asserts the shape it expects; a generic would only restate those asserts.
export type Body = Envelope<any>;

export function authed(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

/** One JSON call; `body` objects are sent as JSON, strings as they are (for malformed bodies). */
export async function call(
  app: App,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Body; res: Response }> {
  const headers: Record<string, string> = { ...(options.token ? authed(options.token) : {}), ...options.headers };
  let payload: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const res = await app.request(path, { method, headers, ...(payload !== undefined ? { body: payload } : {}) });
  return { status: res.status, body: (await res.json()) as Body, res };
}

export async function loginRaw(app: App, id: string, password: string) {
  return call(app, 'POST', '/api/auth/login', { body: { email: id, password } });
}

/** Logs in and fails the test unless it worked. */
export async function login(app: App, id: string, password: string): Promise<LoginResponse> {
  const { status, body } = await loginRaw(app, id, password);
  expect(body.error).toBeNull();
  expect(status).toBe(200);
  return body.data as LoginResponse;
}

/** The envelope of a failure, for `toEqual`. */
export const failure = (code: string, message: string) => ({
  success: false,
  data: null,
  error: message,
  message,
  code,
});

/**
 * Fakes only Date (timers keep running, so database drivers are unaffected). Call vi.useRealTimers()
 * in afterEach.
 */
export function useFakeDate(start = '2026-11-22T09:00:00.000Z'): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(start));
}

export function advance(ms: number): void {
  vi.setSystemTime(new Date(Date.now() + ms));
}

export const MINUTE = 60 * 1000;
