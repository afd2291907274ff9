import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';

/**
 * Who may use DATA_DIR: every running server holds a shared lock on `DATA_DIR/server.lock`, a restore
 * takes it exclusively. The lock is the operating system's (SQLite's file locks), so it goes with the
 * process that held it, whether it ended cleanly, crashed or was killed: no stale pid file to clear.
 * Servers may share a folder among themselves (several behind PostgreSQL); a restore may not.
 */
export const LOCK_FILE = 'server.lock';

export const LOCK_MESSAGES = {
  serverRunning: (dir: string) =>
    `サーバーが動いているため復元できません（${dir} を使用中）。サーバーを止めてから、もう一度実行してください。`,
  restoreRunning: (dir: string) =>
    `${dir} は復元（npm run restore）の途中です。復元が終わってからサーバーを起動してください。`,
} as const;

export class DataDirBusy extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirBusy';
  }
}

const isBusy = (error: unknown) =>
  typeof error === 'object' && error !== null && String((error as { code?: unknown }).code).startsWith('SQLITE_BUSY');

/** The lock file with its one table; made by a short normal connection, so no one keeps a write lock from making it. */
function openLockFile(dataDir: string, busyMessage: string): SqliteDatabase.Database {
  const file = join(dataDir, LOCK_FILE);
  try {
    const setup = new SqliteDatabase(file, { timeout: 0 });
    setup.exec('create table if not exists lock_holder (note text)');
    setup.close();
    const lock = new SqliteDatabase(file, { timeout: 0 });
    // EXCLUSIVE locking mode: a lock once taken is held until the connection closes.
    lock.pragma('locking_mode = EXCLUSIVE');
    return lock;
  } catch (error) {
    if (isBusy(error)) throw new DataDirBusy(busyMessage);
    throw error;
  }
}

export type HeldLock = { release(): void };

/** Taken by a server at start: refuses to start while a restore is under way. */
export function holdServerLock(dataDir: string): HeldLock {
  const lock = openLockFile(dataDir, LOCK_MESSAGES.restoreRunning(dataDir));
  try {
    lock.prepare('select count(*) from lock_holder').get();
  } catch (error) {
    lock.close();
    if (isBusy(error)) throw new DataDirBusy(LOCK_MESSAGES.restoreRunning(dataDir));
    throw error;
  }
  return { release: () => lock.close() };
}

/** Taken by a restore: refuses while any server uses the folder, and keeps servers from starting until released. */
export function takeExclusiveLock(dataDir: string): HeldLock {
  const lock = openLockFile(dataDir, LOCK_MESSAGES.serverRunning(dataDir));
  try {
    lock.exec('begin exclusive');
    lock.prepare('insert into lock_holder (note) values (?)').run(`restore ${process.pid} ${new Date().toISOString()}`);
    lock.exec('commit');
  } catch (error) {
    lock.close();
    if (isBusy(error)) throw new DataDirBusy(LOCK_MESSAGES.serverRunning(dataDir));
    throw error;
  }
  return { release: () => lock.close() };
}
