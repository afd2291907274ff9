import { openSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { PROTOCOL_VERSION } from '@clinic/sync-protocol';
import { deviceProof, pull, push, pushOk, makeCreate, tokenOf } from '../sync/sync-test-helpers';
import { testDatabases } from '../test/databases';
import { type Account, call, failure, loginRaw, seedUser, testConfig } from '../test/harness';
import { MESSAGES } from '../http/envelope';
import { HEALTH_MESSAGES } from '../health/health.routes';
import { appSqliteDialect } from './connect';
import type { Database } from './database';
import { PROBE_INTERVAL_MS, storageFaultOf } from './storage-health';
import { openDatabase, sqliteFileOf } from './startup';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';

const staffAccount = {
  username: 'staff1',
  email: 'staff1@clinic.local',
  password: 'staff-password-123',
  role: 'staff' as const,
};

/** A clock the test moves, so the health check's probe interval passes without waiting. */
function clock() {
  let at = Date.now();
  return { now: () => new Date(at), advance: (ms: number) => (at += ms) };
}

afterEach(() => vi.restoreAllMocks());

describe('a full disk while running [sqlite]', () => {
  const sqliteDb = testDatabases.find((d) => d.name === 'sqlite')!;
  let handle: Awaited<ReturnType<typeof sqliteDb.open>>;
  let staff: Account;
  beforeAll(async () => {
    handle = await sqliteDb.open();
    await handle.migrate();
    staff = await seedUser(handle.db, staffAccount);
  });
  afterAll(() => handle.close());

  const pageCount = async (db: Kysely<Database>) =>
    Number((await sql<{ page_count: number }>`pragma page_count`.execute(db)).rows[0]!.page_count);
  /** SQLite's own limit on the file's size: past it every write fails with a real SQLITE_FULL. */
  const capAt = (db: Kysely<Database>, pages: number) => sql.raw(`pragma max_page_count = ${pages}`).execute(db);

  it('answers 507 in Japanese, logs SQLITE_FULL, keeps nothing half-applied, and health is 503 until room returns', async () => {
    const { db } = handle;
    const time = clock();
    const app = createApp({ db, config: testConfig, now: time.now });
    const token = await tokenOf(app, staff);
    const clientId = crypto.randomUUID();
    await pushOk(app, token, clientId, [makeCreate(1, { id: crypto.randomUUID() })]);
    expect((await call(app, 'GET', '/api/health')).status).toBe(200);

    await capAt(db, await pageCount(db));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const history = '既往歴'.repeat(600);
    const batch = Array.from({ length: 100 }, (_, i) =>
      makeCreate(i + 2, { id: crypto.randomUUID(), medicalHistory: history }),
    );
    const full = await push(app, token, clientId, batch);

    expect(full.status).toBe(507);
    expect(full.body).toEqual(failure('STORAGE_FULL', MESSAGES.storageFull));
    // The real cause is logged, not "cannot rollback - no transaction is active".
    const logged = errors.mock.calls.flat().filter((arg) => arg instanceof Error);
    expect(logged.map((e) => storageFaultOf(e))).toContain('full');
    expect(logged.map((e) => e.message).join(' ')).not.toMatch(/no transaction is active/);

    const down = await call(app, 'GET', '/api/health');
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({
      success: false,
      code: 'STORAGE_FULL',
      message: HEALTH_MESSAGES.full,
      data: { status: 'error', storage: 'full' },
    });
    // Still full a probe interval later: the probe's write fails too.
    time.advance(PROBE_INTERVAL_MS);
    expect((await call(app, 'GET', '/api/health')).status).toBe(503);

    // Nothing of the refused push was kept or turned into rejections: the tablet sends it all again.
    await capAt(db, 1_073_741_823);
    let pulled = await pull(app, token, clientId);
    expect(pulled.lastMutationId).toBe(1);
    expect(pulled.rejections).toEqual([]);

    // Room again: the next probe (one interval on) sees it and health turns green.
    expect((await call(app, 'GET', '/api/health')).status).toBe(503);
    time.advance(PROBE_INTERVAL_MS);
    const up = await call(app, 'GET', '/api/health');
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({ status: 'ok', database: 'ok' });
    expect(await pushOk(app, token, clientId, batch)).toBe(101);
    pulled = await pull(app, token, clientId);
    expect(pulled.rejections).toEqual([]);
  });
});

describe('a database damaged while the server runs [sqlite]', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('turns health to 503 once a request meets the damage, and keeps it so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-damaged-'));
    dirs.push(dir);
    const built = await openDatabase({ dataDir: dir, databaseUrl: undefined });
    await seedUser(built, staffAccount);
    await built.destroy();
    // The users table's page overwritten, as a failing disk or a stray write would.
    const file = sqliteFileOf(dir);
    const inspect = new SqliteDatabase(file, { readonly: true });
    const pageSize = inspect.pragma('page_size', { simple: true }) as number;
    const usersPage = inspect
      .prepare("select rootpage from sqlite_master where name = 'users'")
      .pluck()
      .get() as number;
    inspect.close();
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, (usersPage - 1) * pageSize);
    closeSync(fd);

    // Opened as it was before the damage (start-up checks are sqlite-file.test.ts's).
    const db = new Kysely<Database>({ dialect: appSqliteDialect(file) });
    try {
      const app = createApp({ db, config: testConfig });
      expect((await call(app, 'GET', '/api/health')).status).toBe(200);
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const login = await loginRaw(app, staffAccount.username, staffAccount.password);
      expect(login.status).toBe(503);
      expect(login.body).toEqual(failure('STORAGE_DAMAGED', MESSAGES.storageDamaged));
      const health = await call(app, 'GET', '/api/health');
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({
        success: false,
        message: HEALTH_MESSAGES.damaged,
        data: { status: 'error', storage: 'damaged' },
      });
      expect((await call(app, 'GET', '/api/health')).status).toBe(503);
    } finally {
      await db.destroy();
    }
  });

  it('refuses pushes with 503 once the damage is known, never 200, and a pull says the same words', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-damaged-'));
    dirs.push(dir);
    const built = await openDatabase({ dataDir: dir, databaseUrl: undefined });
    const staff = await seedUser(built, staffAccount);
    const clientId = crypto.randomUUID();
    {
      const app = createApp({ db: built, config: testConfig });
      await pushOk(app, await tokenOf(app, staff), clientId, [makeCreate(1, { id: crypto.randomUUID() })]);
    }
    await built.destroy();
    // The visits table's pages (and its indexes') overwritten: a push of customers does not touch them, a pull reads them.
    const file = sqliteFileOf(dir);
    const inspect = new SqliteDatabase(file, { readonly: true });
    const pageSize = inspect.pragma('page_size', { simple: true }) as number;
    const visitsPages = inspect
      .prepare("select rootpage from sqlite_master where tbl_name = 'visits' and rootpage > 0")
      .pluck()
      .all() as number[];
    inspect.close();
    const fd = openSync(file, 'r+');
    for (const page of visitsPages) writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, (page - 1) * pageSize);
    closeSync(fd);

    const db = new Kysely<Database>({ dialect: appSqliteDialect(file) });
    try {
      const app = createApp({ db, config: testConfig });
      const token = await tokenOf(app, staff);
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const pulled = await call(app, 'POST', '/api/sync/pull', {
        token,
        headers: await deviceProof(app, token, clientId),
        body: { protocolVersion: PROTOCOL_VERSION, clientId, cookie: 0 },
      });
      expect(pulled.status).toBe(503);
      expect(pulled.body).toEqual(failure('STORAGE_DAMAGED', MESSAGES.storageDamaged));
      for (let n = 2; n < 7; n++) {
        const res = await push(app, token, clientId, [makeCreate(n, { id: crypto.randomUUID() })]);
        expect(res.status).toBe(503);
        expect(res.body).toEqual(failure('STORAGE_DAMAGED', MESSAGES.storageDamaged));
      }
      expect((await call(app, 'GET', '/api/health')).body).toMatchObject({ data: { storage: 'damaged' } });
    } finally {
      await db.destroy();
    }
  });
});

describe('a data folder that takes no writes [sqlite]', () => {
  const sqliteDb = testDatabases.find((d) => d.name === 'sqlite')!;
  let handle: Awaited<ReturnType<typeof sqliteDb.open>>;
  let staff: Account;
  beforeAll(async () => {
    handle = await sqliteDb.open();
    await handle.migrate();
    staff = await seedUser(handle.db, staffAccount);
  });
  afterAll(() => handle.close());

  it('answers a login and a push as for a full disk (507, the same words), not 500, and health names it', async () => {
    const { db } = handle;
    const app = createApp({ db, config: testConfig });
    const token = await tokenOf(app, staff);
    const clientId = crypto.randomUUID();
    await pushOk(app, token, clientId, [makeCreate(1, { id: crypto.randomUUID() })]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Every write now fails with SQLITE_READONLY, as on a folder remounted read-only.
    await sql`pragma query_only = 1`.execute(db);
    try {
      const login = await loginRaw(app, staff.username, staff.password);
      expect(login.status).toBe(507);
      expect(login.body).toEqual(failure('STORAGE_FULL', MESSAGES.storageFull));
      const pushed = await push(app, token, clientId, [makeCreate(2, { id: crypto.randomUUID() })]);
      expect(pushed.status).toBe(507);
      expect(pushed.body).toEqual(failure('STORAGE_FULL', MESSAGES.storageFull));
      const health = await call(app, 'GET', '/api/health');
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({ message: HEALTH_MESSAGES.readonly, data: { storage: 'readonly' } });
    } finally {
      await sql`pragma query_only = 0`.execute(db);
    }
  });
});
