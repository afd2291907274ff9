import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { Database } from '../db/database';
import { openDatabase } from '../db/startup';
import { makeCreate, pull, pushOk, tokenOf } from '../sync/sync-test-helpers';
import { seedUser, testConfig } from '../test/harness';
import { createBackup } from './backup';
import { DataDirBusy, holdServerLock, takeExclusiveLock } from './data-lock';
import { readManifest, verifyFiles } from './manifest';
import { restoreBackup } from './restore';
import { loadSealKeys, readSealKeysFile, rotateSealKeys } from '../sync/seal-keys';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const STAFF = {
  username: 'staff1',
  email: 'staff1@clinic.local',
  password: 'staff-password-123',
  role: 'staff' as const,
};
const mode = (path: string) => statSync(path).mode & 0o777;

describe('backup and restore (SQLite)', () => {
  let dataDir: string;
  let db: Kysely<Database>;
  let app: ReturnType<typeof createApp>;

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'clinic-backup-test-'));
    db = await openDatabase({ dataDir });
    app = createApp({ db, config: testConfig, media: { dir: join(dataDir, 'media') } });
    await seedUser(db, STAFF);
  });
  afterEach(async () => {
    await db.destroy().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A capture on disk: a whole, uploaded one, or one still arriving (its record not yet uploaded). */
  async function capture(uploaded: boolean): Promise<string> {
    const token = await tokenOf(app, STAFF);
    const clientId = crypto.randomUUID();
    const customerId = crypto.randomUUID();
    await pushOk(app, token, clientId, [makeCreate(1, { id: customerId })]);
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    await db
      .insertInto('media')
      .values({
        id,
        customer_id: customerId,
        visit_id: null,
        kind: 'photo',
        mime: 'image/jpeg',
        size: 4,
        duration: null,
        width: 1,
        height: 1,
        captured_at: now,
        quality: null,
        uploaded: uploaded ? 1 : 0,
        stored_bytes: uploaded ? 4 : null,
        created_at: now,
        updated_at: now,
        updated_by: 'staff1',
        version: 1,
        deleted: 0,
      })
      .execute();
    mkdirSync(join(dataDir, 'media', 'files'), { recursive: true });
    writeFileSync(join(dataDir, 'media', 'files', id), uploaded ? 'jpeg' : 'jp');
    return id;
  }

  it('copies while pushes run: the copy opens, passes quick_check, its counts are its own and every checksum matches', async () => {
    const [whole, arriving] = [await capture(true), await capture(false)];
    const token = await tokenOf(app, STAFF);
    const clientId = crypto.randomUUID();
    let running = true;
    let next = 1;
    const pushing = (async () => {
      while (running) {
        const batch = Array.from({ length: 20 }, () => makeCreate(next++, { id: crypto.randomUUID() }));
        await pushOk(app, token, clientId, batch);
      }
    })();
    // Let pushes be under way before and while the copy is made.
    while (next < 100) await new Promise((r) => setTimeout(r, 5));
    const { dir, manifest } = await createBackup({ dataDir, now: new Date('2026-11-26T03:00:00+09:00') });
    running = false;
    await pushing;

    expect(dir).toBe(join(dataDir, 'backups', '2026-11-26T0300'));
    expect(await verifyFiles(dir, await readManifest(dir))).toEqual([]);
    const copy = new SqliteDatabase(join(dir, 'clinic.sqlite'), { readonly: true });
    expect(copy.pragma('quick_check', { simple: true })).toBe('ok');
    const copied = (copy.prepare('select count(*) as n from customers').get() as { n: number }).n;
    copy.close();
    const live = (
      await db
        .selectFrom('customers')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    expect(manifest.rowCounts.customers).toBe(copied);
    expect(copied).toBeGreaterThanOrEqual(2 + 99);
    expect(Number(live)).toBeGreaterThanOrEqual(copied);
    // Only the whole capture is copied; one still arriving is left out, as its record says.
    expect(manifest.files.map((f) => f.path)).toEqual(['clinic.sqlite', `media/files/${whole}`]);
    expect(readdirSync(join(dir, 'media', 'files'))).not.toContain(arriving);
    expect([mode(dir), mode(join(dir, 'clinic.sqlite')), mode(join(dir, 'manifest.json'))]).toEqual([
      0o700, 0o600, 0o600,
    ]);
    expect(readdirSync(join(dataDir, 'backups'))).toEqual(['2026-11-26T0300']);
  });

  it('puts a backup back with the server stopped, keeps the current data aside and starts a new epoch', async () => {
    const token = await tokenOf(app, STAFF);
    const clientId = crypto.randomUUID();
    await pushOk(app, token, clientId, [makeCreate(1, { id: crypto.randomUUID() })]);
    const before = await pull(app, token, clientId);
    const { dir } = await createBackup({ dataDir });
    await pushOk(app, token, clientId, [makeCreate(2, { id: crypto.randomUUID() })]);
    await db.destroy();

    const result = await restoreBackup({ dataDir, from: dir });
    expect(readdirSync(result.asideDir)).toEqual(expect.arrayContaining(['clinic.sqlite']));
    expect(result.epoch.restoredFrom).toEqual({ epoch: before.epoch, version: before.cookie });
    db = await openDatabase({ dataDir });
    app = createApp({ db, config: testConfig, media: { dir: join(dataDir, 'media') } });
    const after = await pull(app, await tokenOf(app, STAFF), clientId);
    expect(after.changes.customers).toHaveLength(1);
    expect(after.epoch).toBe(result.epoch.epoch);
  });

  it('keeps the seal keys in the backup (0600), and a restore adds them to the server’s own (issue 37)', async () => {
    const before = await loadSealKeys(dataDir, {});
    const { dir, manifest } = await createBackup({ dataDir });
    expect(manifest.files.map((f) => f.path)).toContain('seal-keys.json');
    expect(mode(join(dir, 'seal-keys.json'))).toBe(0o600);
    await rotateSealKeys(dataDir, new Date());
    const current = readSealKeysFile(dataDir)!;
    await db.destroy();
    await restoreBackup({ dataDir, from: dir });
    const after = readSealKeysFile(dataDir)!;
    expect(after.current).toEqual(current.current);
    const keys = await loadSealKeys(dataDir, {});
    expect(keys.find(before.current.kid, new Date())).not.toBeNull();
    db = await openDatabase({ dataDir });
  });

  it('refuses a backup whose files do not match their checksums, before touching the data', async () => {
    await capture(true);
    const { dir, manifest } = await createBackup({ dataDir });
    const photo = manifest.files.find((f) => f.path.startsWith('media/files/'))!.path;
    writeFileSync(join(dir, photo), 'JPEG');
    await db.destroy();
    await expect(restoreBackup({ dataDir, from: dir })).rejects.toThrow(/バックアップが壊れているか/);
    expect(readdirSync(dataDir).filter((n) => n.startsWith('before-restore'))).toEqual([]);
  });

  it('a restore refuses while a server holds the folder, and a server does not start during a restore', async () => {
    const { dir } = await createBackup({ dataDir });
    const server = holdServerLock(dataDir);
    await expect(restoreBackup({ dataDir, from: dir })).rejects.toThrow(/サーバーが動いているため復元できません/);
    server.release();
    const restoring = takeExclusiveLock(dataDir);
    expect(() => holdServerLock(dataDir)).toThrow(DataDirBusy);
    restoring.release();
    holdServerLock(dataDir).release();
  });

  it('refuses while the real server runs on the folder (another process)', async () => {
    const { dir } = await createBackup({ dataDir });
    await db.destroy();
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
      cwd: root,
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_PASSWORD: 'Backup-Test-Pass-2026!' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('listening on')) resolve();
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
    });
    try {
      await expect(restoreBackup({ dataDir, from: dir })).rejects.toThrow(/サーバーが動いているため復元できません/);
      expect(readFileSync(join(dataDir, 'clinic.sqlite')).length).toBeGreaterThan(0);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await expect(restoreBackup({ dataDir, from: dir })).resolves.toMatchObject({ manifest: { database: 'sqlite' } });
  }, 60_000);
});
