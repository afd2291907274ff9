import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from './migrations';
import { DatabaseRefused, REFUSALS } from './sqlite-file';
import { openDatabase, sqliteFileOf } from './startup';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'clinic-file-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const start = (dataDir: string) => openDatabase({ dataDir, databaseUrl: undefined });

async function startsAndCloses(dataDir: string): Promise<void> {
  await (await start(dataDir)).destroy();
}

/** A database of the app with some hundred pages of records, closed (its WAL folded into the file). */
async function populated(dataDir: string): Promise<string> {
  const db = await start(dataDir);
  const at = new Date().toISOString();
  for (let i = 0; i < 400; i++) {
    await db
      .insertInto('audit_log')
      .values({
        at,
        user_id: null,
        username: null,
        action: 'test',
        entity: null,
        entity_id: null,
        client_id: null,
        ip: null,
        detail: JSON.stringify({ filler: 'x'.repeat(1000), i }),
      })
      .execute();
  }
  await db.destroy();
  // The last connection to close folds the WAL into the file. The writer and the background checkpointer close
  // at about the same moment, and each may still see the other and leave it (a full run waited 10 s for it):
  // a connection opened and closed alone now folds it. On a loaded machine (CI) the worker's connection has
  // been seen to outlive its 'exit' by a moment, so the fold is tried until it holds (at most 10 s).
  const file = sqliteFileOf(dataDir);
  const until = Date.now() + 10_000;
  do {
    const sqlite = new SqliteDatabase(file);
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    sqlite.close();
    if (!existsSync(`${file}-wal`)) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  } while (Date.now() < until);
  expect(existsSync(`${file}-wal`)).toBe(false);
  return file;
}

/** Overwrites `count` pages from page `first` (1-based) with random bytes, as a failing disk would. */
function overwritePages(file: string, first: number, count: number): void {
  const sqlite = new SqliteDatabase(file, { readonly: true });
  const pageSize = sqlite.pragma('page_size', { simple: true }) as number;
  sqlite.close();
  const fd = openSync(file, 'r+');
  for (let page = first; page < first + count; page++)
    writeSync(fd, randomBytes(pageSize), 0, pageSize, (page - 1) * pageSize);
  closeSync(fd);
}

async function refusal(dataDir: string): Promise<DatabaseRefused> {
  const error = await start(dataDir).then(
    async (db) => {
      await db.destroy();
      return undefined;
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DatabaseRefused);
  return error as DatabaseRefused;
}

describe('starting on the SQLite file', () => {
  it('makes a new install where there is no file, with every migration, and nothing left aside', async () => {
    const dir = tempDir();
    // A start killed while building leaves its partial file: it is thrown away and built again.
    writeFileSync(join(dir, 'clinic.sqlite.new'), 'half a database');
    const db = await start(dir);
    const applied = await db
      .selectFrom('kysely_migration' as never)
      .select(sql<string>`name`.as('name'))
      .execute();
    await db.destroy();
    expect(applied.map((row) => row.name).sort()).toEqual(Object.keys(migrations).sort());
    expect(readdirSync(dir).filter((name) => name.includes('.new'))).toEqual([]);
    await startsAndCloses(dir);
  });

  it('refuses a 0-byte file and leaves it as it is, rather than start afresh over it', async () => {
    const dir = tempDir();
    writeFileSync(sqliteFileOf(dir), '');
    const error = await refusal(dir);
    expect(error.message).toBe(REFUSALS.empty(sqliteFileOf(dir)));
    expect(error.message).toContain(sqliteFileOf(dir));
    expect(statSync(sqliteFileOf(dir)).size).toBe(0);
  });

  it('refuses a SQLite file without the app schema, and a file that is not a database at all', async () => {
    const foreign = tempDir();
    const other = new SqliteDatabase(sqliteFileOf(foreign));
    other.exec('create table notes (body text)');
    other.close();
    expect((await refusal(foreign)).message).toBe(REFUSALS.foreign(sqliteFileOf(foreign)));

    const text = tempDir();
    writeFileSync(sqliteFileOf(text), 'not a database, but not empty either');
    expect((await refusal(text)).message).toContain('npm run restore -- --from');
  });

  it('refuses a WAL left without its database instead of starting afresh beside it', async () => {
    const dir = tempDir();
    writeFileSync(`${sqliteFileOf(dir)}-wal`, randomBytes(4096));
    expect((await refusal(dir)).message).toBe(REFUSALS.walWithoutDatabase(sqliteFileOf(dir)));
    expect(existsSync(sqliteFileOf(dir))).toBe(false);
  });

  it('refuses a file with 8 pages overwritten, naming the file and the restore command', async () => {
    const dir = tempDir();
    const file = await populated(dir);
    const pages = statSync(file).size / 4096;
    expect(pages).toBeGreaterThan(100);
    overwritePages(file, Math.floor(pages / 2), 8);
    const error = await refusal(dir);
    expect(error.message).toContain(`データベースファイル ${file} が壊れています`);
    expect(error.message).toContain('quick_check');
    expect(error.message).toContain('npm run restore -- --from');
  });

  it('refuses a file whose first page is overwritten', async () => {
    const dir = tempDir();
    const file = await populated(dir);
    overwritePages(file, 1, 1);
    expect((await refusal(dir)).message).toContain(`データベースファイル ${file} が壊れています`);
  });

  it('opens a whole database again as it is', async () => {
    const dir = tempDir();
    const file = await populated(dir);
    await startsAndCloses(dir);
    const sqlite = new SqliteDatabase(file, { readonly: true });
    expect(sqlite.prepare("select count(*) from audit_log where action = 'test'").pluck().get()).toBe(400);
    sqlite.close();
  });
});

describe('the server process on a damaged database', () => {
  it('exits with the message instead of listening', { timeout: 60_000 }, async () => {
    const dir = tempDir();
    const file = await populated(dir);
    overwritePages(file, 20, 8);
    const root = fileURLToPath(new URL('../../..', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dir, PORT: '0', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      // Started on the damaged file (the fault): stop it, and let the expectations below say so.
      if (output.includes('listening')) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(output).not.toContain('listening');
    expect(code).toBe(1);
    expect(output).toContain(`データベースファイル ${file} が壊れています`);
    expect(output).toContain('npm run restore -- --from');
  });
});
