import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { PROTOCOL_VERSION, japanDay, japanTimeOfDay } from '@clinic/sync-protocol';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { settledVersion } from '../sync/counters.repository';
import { SEAL_KEYS_FILE } from '../sync/seal-keys';
import pg from 'pg';
import { isPostgresUrl } from '../db/connect';
import type { Database } from '../db/database';
import { type DataFacts, describeData } from './describe-data';
import type { S3MediaConfig } from '../media/media-store';
import { S3MediaStore } from '../media/s3-media-store';
import { copyBucketMedia } from './bucket-media';
import { DIR_MODE, FILE_MODE, copyPrivate, digest, fsyncPath } from './files';
import { MANIFEST_FILE, type Manifest, PG_DUMP_FILE, SQLITE_FILE } from './manifest';

export type BackupOptions = {
  dataDir: string;
  /** The folder to make; default DATA_DIR/backups/<date and time>. */
  to?: string | undefined;
  databaseUrl?: string | undefined;
  /** MEDIA_STORE=s3: the photos and videos are copied from this bucket, not DATA_DIR/media. */
  s3?: S3MediaConfig | undefined;
  now?: Date;
};

/** 2026-11-26T0300, in Japan time (the clinic's, whatever the server's own zone). */
export function backupName(now: Date): string {
  return `${japanDay(now)}T${japanTimeOfDay(now).replace(':', '')}`;
}

function targetOf(options: BackupOptions, now: Date): string {
  if (options.to) {
    if (existsSync(options.to)) throw new Error(`${options.to} は既にあります。新しいフォルダー名を指定してください`);
    return options.to;
  }
  const base = join(options.dataDir, 'backups', backupName(now));
  let target = base;
  for (let n = 2; existsSync(target); n += 1) target = `${base}-${n}`;
  return target;
}

/**
 * A consistent copy of the clinic's data while the server runs and tablets push: the database as one
 * snapshot (SQLite's VACUUM INTO reads in one transaction; WAL lets the server write meanwhile), the
 * photos and videos that snapshot lists as uploaded (a file still arriving is left out, as its record
 * says), and a manifest with row counts and a sha256 of every file. Written into a hidden folder beside
 * the target, flushed to disk, then renamed into place: a backup folder is whole or absent.
 */
export async function createBackup(options: BackupOptions): Promise<{ dir: string; manifest: Manifest }> {
  const now = options.now ?? new Date();
  const target = targetOf(options, now);
  await mkdir(dirname(target), { recursive: true, mode: DIR_MODE });
  const partial = join(dirname(target), `.${basename(target)}.partial-${process.pid}`);
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { mode: DIR_MODE });
  try {
    const postgres = isPostgresUrl(options.databaseUrl);
    const facts = postgres
      ? await dumpPostgres(options.databaseUrl!, partial)
      : await snapshotSqlite(options.dataDir, partial);
    const { files, missingMedia } = options.s3
      ? await copyBucketMedia(new S3MediaStore(options.s3), partial, facts.uploadedMedia)
      : await copyMedia(join(options.dataDir, 'media'), partial, facts.uploadedMedia);
    const dbFile = postgres ? PG_DUMP_FILE : SQLITE_FILE;
    // The key the tablets' queued pushes are sealed to (issue 37): without it, a restored server could
    // not open what they send after the restore.
    const sealKeys = existsSync(join(options.dataDir, SEAL_KEYS_FILE)) ? [SEAL_KEYS_FILE] : [];
    for (const name of sealKeys) await copyPrivate(join(options.dataDir, name), join(partial, name));
    const manifest: Manifest = {
      format: 'clinic-backup',
      formatVersion: 1,
      createdAt: now.toISOString(),
      app: { version: await appVersion() },
      protocolVersion: PROTOCOL_VERSION,
      schema: facts.schema,
      database: postgres ? 'postgresql' : 'sqlite',
      epoch: facts.epoch,
      rowCounts: facts.rowCounts,
      files: [
        { path: dbFile, ...(await digest(join(partial, dbFile))) },
        ...(await Promise.all(sealKeys.map(async (path) => ({ path, ...(await digest(join(partial, path))) })))),
        ...files,
      ],
      missingMedia,
    };
    await writeFile(join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: FILE_MODE,
      flag: 'wx',
    });
    for (const path of [
      join(partial, MANIFEST_FILE),
      join(partial, 'media', 'files'),
      join(partial, 'media', 'thumbs'),
      join(partial, 'media'),
      partial,
    ]) {
      if (existsSync(path)) await fsyncPath(path);
    }
    await rename(partial, target);
    await fsyncPath(dirname(target));
    return { dir: target, manifest };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

async function snapshotSqlite(dataDir: string, into: string): Promise<DataFacts> {
  const source = join(dataDir, SQLITE_FILE);
  if (!existsSync(source)) throw new Error(`${source} がありません。DATA_DIR を確かめてください`);
  const copy = join(into, SQLITE_FILE);
  // Read only, but not opened read-only: a WAL database with no server running needs its -shm made.
  const live = new SqliteDatabase(source, { fileMustExist: true, timeout: 10_000 });
  try {
    live.exec(`vacuum into '${copy.replaceAll("'", "''")}'`);
  } finally {
    live.close();
  }
  await chmod(copy, FILE_MODE);
  await fsyncPath(copy);
  const snapshot = new SqliteDatabase(copy, { readonly: true, fileMustExist: true });
  const check = snapshot.pragma('quick_check', { simple: true });
  if (check !== 'ok') {
    snapshot.close();
    throw new Error(`バックアップのデータベースの検査に失敗しました: ${String(check)}`);
  }
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: snapshot }) });
  try {
    return await describeData(db);
  } finally {
    await db.destroy();
  }
}

/**
 * PostgreSQL is copied by its own tool, pg_dump, from a snapshot this connection exports and holds (a
 * repeatable-read transaction): the manifest's counts, media list and version are read in that same
 * snapshot, so they describe the dump, not the live database a moment later. The version is the one up
 * to which every change had settled before the snapshot was taken (see settledVersion): pg_dump reads
 * the sequence outside its snapshot, ahead of the rows it dumps.
 */
async function dumpPostgres(databaseUrl: string, into: string): Promise<DataFacts> {
  const file = join(into, PG_DUMP_FILE);
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 1 }) }),
  });
  try {
    return await db.connection().execute(async (conn) => {
      const { version } = await settledVersion(conn, '');
      await sql`begin isolation level repeatable read read only`.execute(conn);
      try {
        const { rows } = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(conn);
        const dumped = runPgDump([
          '--format=custom',
          '--no-owner',
          `--snapshot=${rows[0]!.id}`,
          `--file=${file}`,
          databaseUrl,
        ]);
        // Read while pg_dump runs, in the snapshot it dumps (the export lasts as long as this transaction).
        const facts = await describeData(conn, version).finally(() => dumped.catch(() => undefined));
        await dumped.catch(() => {
          throw new Error(
            `PostgreSQL のバックアップには pg_dump を使います。インストールして、もう一度実行してください（手動では: ${pgDumpCommand(file)}）`,
          );
        });
        await fsyncPath(file);
        return facts;
      } finally {
        await sql`commit`.execute(conn);
      }
    });
  } finally {
    await db.destroy();
  }
}

/** pg_dump as a child process (the event loop stays free to hold the snapshot's connection). */
function runPgDump(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('pg_dump', args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pg_dump exited with ${code}`))));
  });
}

export const pgDumpCommand = (file: string) => `pg_dump --format=custom --no-owner --file=${file} "$DATABASE_URL"`;

/** The uploaded captures' files, their upload records and thumbnails; a listed file that is gone is named, not fatal. */
async function copyMedia(mediaDir: string, into: string, ids: string[]) {
  const files: Manifest['files'] = [];
  const missingMedia: string[] = [];
  if (ids.length === 0) return { files, missingMedia };
  await mkdir(join(into, 'media', 'files'), { recursive: true, mode: DIR_MODE });
  await mkdir(join(into, 'media', 'thumbs'), { recursive: true, mode: DIR_MODE });
  for (const id of ids) {
    if (!existsSync(join(mediaDir, 'files', id))) {
      missingMedia.push(id);
      continue;
    }
    for (const path of [`media/files/${id}`, `media/files/${id}.json`, `media/thumbs/${id}.jpg`]) {
      const from = join(mediaDir, path.slice('media/'.length));
      if (!existsSync(from)) continue;
      await copyPrivate(from, join(into, path));
      files.push({ path, ...(await digest(join(into, path))) });
    }
  }
  return { files, missingMedia };
}

async function appVersion(): Promise<string> {
  const text = await readFile(new URL('../../../package.json', import.meta.url), 'utf8').catch(() => '{}');
  const { version } = JSON.parse(text) as { version?: unknown };
  return typeof version === 'string' ? version : '0.0.0';
}

/** Keeps the newest `keep` dated backups under DATA_DIR/backups and deletes older ones. */
export async function pruneBackups(dataDir: string, keep: number): Promise<string[]> {
  const { readdir } = await import('node:fs/promises');
  const dir = join(dataDir, 'backups');
  if (!existsSync(dir)) return [];
  const dated = (await readdir(dir)).filter((name) => /^\d{4}-\d{2}-\d{2}T\d{4}(?:-\d+)?$/.test(name)).sort();
  const old = dated.slice(0, Math.max(0, dated.length - keep));
  for (const name of old) await rm(join(dir, name), { recursive: true, force: true });
  return old;
}
