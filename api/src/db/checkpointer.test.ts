import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startCheckpointer } from './checkpointer';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { openAppSqlite, openSqlite } from './connect';
import type { Database } from './database';
import { safeSqliteDialect } from './sqlite-dialect';

const ROWS = 200;

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('startCheckpointer', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'clinic-checkpoint-'));
    file = join(dir, 'clinic.sqlite');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('copies committed WAL pages into the database file while the writer never checkpoints', async () => {
    const writer = openSqlite(file);
    writer.pragma('wal_autocheckpoint = 0');
    writer.exec('create table t (id integer primary key, v text)');
    const insert = writer.prepare('insert into t (v) values (?)');
    for (let i = 0; i < ROWS; i++) insert.run('x'.repeat(1000));
    // Only a checkpoint writes pages into the database file itself; so far they are all in the WAL.
    const before = statSync(file).size;
    expect(before).toBeLessThan(ROWS * 1000);

    const checkpointer = startCheckpointer(file, 10);
    try {
      await until(() => statSync(file).size > ROWS * 1000);
      expect(writer.prepare('select count(*) as n from t').get()).toEqual({ n: ROWS });
    } finally {
      await checkpointer.stop();
      writer.close();
    }
  });

  it('runs for the app’s SQLite connection', async () => {
    const database = openAppSqlite(file);
    try {
      database.prepare('create table t (id integer primary key, v text)').run([]);
      for (let i = 0; i < ROWS; i++) database.prepare('insert into t (v) values (?)').run(['x'.repeat(1000)]);
      await until(() => statSync(file).size > ROWS * 1000);
    } finally {
      database.close();
    }
  });

  it('is waited for by destroy(): no helper connection is left touching the file afterwards', async () => {
    let stopped = false;
    const database = openAppSqlite(file);
    const closed = async () => {
      await database.stopped();
      stopped = true;
    };
    const db = new Kysely<Database>({ dialect: safeSqliteDialect(new SqliteDialect({ database }), closed) });
    await sql`create table t (id integer primary key)`.execute(db);
    await db.destroy();
    expect(stopped).toBe(true);
  });

  it('lets a script that awaits destroy() at its top level end normally', () => {
    const connect = fileURLToPath(new URL('./connect.ts', import.meta.url));
    const script = `const { createDb } = await import(${JSON.stringify(connect)});
      const db = createDb({ dataDir: ${JSON.stringify(dir)} });
      await db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
      await db.destroy();
      console.log('closed');`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect({ status: run.status, out: run.stdout.trim() }, run.stderr).toEqual({ status: 0, out: 'closed' });
  });

  it('goes on after SQLITE_FULL: once space returns, it checkpoints again by itself', async () => {
    // A small file system of its own (tmpfs; the tests run as root, as CI does), so the disk really fills.
    const disk = mkdtempSync(join(tmpdir(), 'clinic-full-disk-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=3m', 'tmpfs', disk]);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const onDisk = join(disk, 'clinic.sqlite');
      const writer = openSqlite(onDisk);
      writer.pragma('wal_autocheckpoint = 0');
      writer.exec('create table t (id integer primary key, v text)');
      const insert = writer.prepare('insert into t (v) values (?)');
      for (let i = 0; i < ROWS * 2; i++) insert.run('x'.repeat(1000));
      // Everything is in the WAL; the rest of the disk is taken, so copying the pages into the file fails.
      const { bavail, bsize } = statfsSync(disk);
      writeFileSync(join(disk, 'filler'), Buffer.alloc(Math.max(0, bavail * bsize - 64 * 1024)));
      const checkpointer = startCheckpointer(onDisk, 10, 50);
      try {
        await until(() => errors.mock.calls.some((call) => String(call[0]).includes('SQLITE_FULL')));
        expect(statSync(onDisk).size).toBeLessThan(ROWS * 1000);
        rmSync(join(disk, 'filler'));
        await until(() => statSync(onDisk).size > ROWS * 2 * 1000);
        expect(writer.prepare('select count(*) as n from t').get()).toEqual({ n: ROWS * 2 });
      } finally {
        await checkpointer.stop();
        writer.close();
      }
    } finally {
      execFileSync('umount', [disk]);
      rmSync(disk, { recursive: true, force: true });
    }
  });
});
