import { closeSync, fsyncSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './database';
import { migrateToLatest } from './migrate';
import { safeSqliteDialect } from './sqlite-dialect';

/**
 * Why the server will not start on a database file: written for the person who runs the server,
 * naming the file and what to do. The server prints it and exits.
 */
export class DatabaseRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseRefused';
  }
}

const RESTORE = 'npm run restore -- --from <バックアップのフォルダー>';

export const REFUSALS = {
  empty: (file: string) =>
    `データベースファイル ${file} が空（0 バイト）です。新しく始めるとすべての記録が失われるため、サーバーは起動しません。` +
    `サーバーを止めたまま、バックアップから戻してください: ${RESTORE}\n` +
    `本当に新しく始める場合だけ、このファイルを削除してから起動してください。\n` +
    `(The database file is empty; the server will not initialise over it. Restore a backup, or delete the file to start afresh.)`,
  foreign: (file: string) =>
    `${file} はこのアプリのデータベースではありません（記録の形を示す kysely_migration 表がありません）。上書きしないよう、サーバーは起動しません。` +
    `別のファイルと入れ替わっていないか確かめ、サーバーを止めたままバックアップから戻してください: ${RESTORE}\n` +
    `(The file holds no schema of this app; the server will not initialise over it. Restore a backup.)`,
  damaged: (file: string, detail: string) =>
    `データベースファイル ${file} が壊れています（${detail}）。壊れたファイルにこれ以上書き込まないよう、サーバーは起動しません。` +
    `サーバーを止めたまま、最新のバックアップから戻してください: ${RESTORE}\n` +
    `壊れたファイルは調査のため別の場所に残しておいてください。\n` +
    `(The database file is damaged; the server will not start on it. Restore the latest backup.)`,
  walWithoutDatabase: (file: string) =>
    `データベースファイル ${file} がなく、書きかけの記録 ${file}-wal だけが残っています。新しく始めるとその記録が失われるため、サーバーは起動しません。` +
    `サーバーを止めたまま、バックアップから戻してください: ${RESTORE}\n` +
    `(The database file is missing but its write-ahead log is not; the server will not start afresh beside it.)`,
} as const;

/**
 * Makes `file` ready for the app, or refuses. A missing file is a new install: it is built aside and
 * renamed into place only once complete, so a start killed half-way leaves no file and simply starts
 * again. An existing file must be a whole database of this app (never initialised over: a 0-byte file
 * once became a fresh install with a new admin and every record gone); it is checked for damage, and
 * brought up to date by migrations that commit all together or not at all.
 */
export async function prepareSqliteFile(file: string): Promise<void> {
  const size = sizeOf(file);
  if (size === undefined) {
    if ((sizeOf(`${file}-wal`) ?? 0) > 0) throw new DatabaseRefused(REFUSALS.walWithoutDatabase(file));
    await createSqliteFile(file);
    return;
  }
  if (size === 0) throw new DatabaseRefused(REFUSALS.empty(file));
  checkSqliteFile(file);
  await migrateSqliteFile(file, openSqliteForMigration);
}

/** Refuses a file that SQLite finds damaged or that holds no schema of this app. */
export function checkSqliteFile(file: string): void {
  let sqlite: SqliteDatabase.Database | undefined;
  try {
    sqlite = new SqliteDatabase(file, { fileMustExist: true });
    // quick_check reads every page and checks the b-trees; integrity_check's index/row cross-check
    // would cost minutes on a large file at every start, for damage that quick_check already shows.
    const lines = sqlite.pragma('quick_check(5)', { simple: false }) as Array<{ quick_check: string }>;
    const problems = lines.map((line) => line.quick_check).filter((line) => line !== 'ok');
    if (problems.length > 0) throw new DatabaseRefused(REFUSALS.damaged(file, `quick_check: ${problems.join('; ')}`));
    const schema = sqlite
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get();
    if (!schema) throw new DatabaseRefused(REFUSALS.foreign(file));
  } catch (error) {
    if (error instanceof DatabaseRefused) throw error;
    // A page 1 overwritten is "file is not a database"; other damage may surface as SQLITE_CORRUPT.
    if (isDamage(error)) throw new DatabaseRefused(REFUSALS.damaged(file, (error as Error).message));
    throw error;
  } finally {
    sqlite?.close();
  }
}

const isDamage = (error: unknown) => {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^SQLITE_(?:CORRUPT|NOTADB)/.test(code);
};

/** Runs the pending migrations on a connection of its own, all in one transaction (see sqlite-dialect.ts). */
export async function migrateSqliteFile(file: string, open: (file: string) => SqliteDatabase.Database): Promise<void> {
  const db = new Kysely<Database>({ dialect: safeSqliteDialect(new SqliteDialect({ database: open(file) })) });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

/** The settings the app's own connection uses that matter while migrating. */
function openSqliteForMigration(file: string): SqliteDatabase.Database {
  const sqlite = new SqliteDatabase(file, { fileMustExist: true });
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  return sqlite;
}

/**
 * Builds a new database under a temporary name and renames it into place when every migration is in
 * it. A rollback journal (not WAL) while building: the file is whole by itself once closed, so the
 * rename moves everything. A leftover from a start killed earlier is thrown away first.
 */
async function createSqliteFile(file: string): Promise<void> {
  const partial = `${file}.new`;
  for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(`${partial}${suffix}`, { force: true });
  await migrateSqliteFile(partial, (path) => {
    const sqlite = new SqliteDatabase(path);
    sqlite.pragma('journal_mode = DELETE');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    return sqlite;
  });
  fsyncPath(partial);
  renameSync(partial, file);
  // The rename itself is on disk only once the folder is.
  fsyncPath(dirname(file));
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function sizeOf(path: string): number | undefined {
  try {
    return statSync(path).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
