import { spawnSync } from 'node:child_process';
import type { S3MediaConfig } from '../media/media-store';
import { S3MediaStore } from '../media/s3-media-store';
import { restoreBucketMedia } from './bucket-media';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { createDb, isPostgresUrl } from '../db/connect';
import { prepareSqliteFile } from '../db/sqlite-file';
import { type EpochInfo, startRestoredEpoch } from '../sync/epoch.repository';
import { SEAL_KEYS_FILE, mergeSealKeys, readSealKeysFile, writeSealKeysFile } from '../sync/seal-keys';
import { takeExclusiveLock } from './data-lock';
import { DIR_MODE, copyPrivate, fsyncPath } from './files';
import { type Manifest, PG_DUMP_FILE, SQLITE_FILE, readManifest, verifyFiles } from './manifest';

export type RestoreOptions = {
  dataDir: string;
  from: string;
  databaseUrl?: string | undefined;
  /** MEDIA_STORE=s3: the photos and videos go back into this bucket, not DATA_DIR/media. */
  s3?: S3MediaConfig | undefined;
  now?: Date;
};
export type RestoreResult = { manifest: Manifest; asideDir: string; epoch: EpochInfo };

/** What the current data folder holds that a restore replaces (the token secret stays: sessions stay signed). */
const REPLACED = [SQLITE_FILE, `${SQLITE_FILE}-wal`, `${SQLITE_FILE}-shm`, `${SQLITE_FILE}-journal`, 'media'];

const stamp = (now: Date) => now.toISOString().replace(/[:.]/g, '-');

/**
 * Puts a backup back, with the server stopped: checks every file against the manifest, refuses while a
 * server uses the folder (and keeps one from starting meanwhile), moves the current data aside into
 * DATA_DIR/before-restore-<time>/ (nothing is deleted), copies the backup in, and starts a new restore
 * epoch, from which the tablets learn that they must send again what the backup lacks.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const now = options.now ?? new Date();
  const manifest = await readManifest(options.from);
  const postgres = isPostgresUrl(options.databaseUrl);
  if (manifest.database !== (postgres ? 'postgresql' : 'sqlite')) {
    throw new Error(`このバックアップは ${manifest.database} のものです。DATABASE_URL の設定と合いません`);
  }
  const bad = await verifyFiles(options.from, manifest);
  if (bad.length)
    throw new Error(
      `バックアップが壊れているか、足りません（${bad.slice(0, 5).join(', ')}${bad.length > 5 ? ` ほか${bad.length - 5}件` : ''}）。別のバックアップを使ってください`,
    );
  if (!postgres) checkSqliteCopy(join(options.from, SQLITE_FILE));

  await mkdir(options.dataDir, { recursive: true, mode: DIR_MODE });
  const lock = takeExclusiveLock(options.dataDir);
  try {
    const asideDir = join(options.dataDir, `before-restore-${stamp(now)}`);
    await mkdir(asideDir, { mode: DIR_MODE });
    for (const name of REPLACED) {
      if (existsSync(join(options.dataDir, name))) await rename(join(options.dataDir, name), join(asideDir, name));
    }
    await fsyncPath(options.dataDir);
    try {
      if (options.s3) await restoreBucketMedia(new S3MediaStore(options.s3), options.from, manifest);
      else await copyMedia(options.from, options.dataDir, manifest);
      restoreSealKeys(options.from, options.dataDir, manifest, now);
      const epoch = postgres
        ? await restorePostgres(options.from, options.databaseUrl!, now, manifest)
        : await restoreSqlite(options.from, options.dataDir, now, manifest);
      return { manifest, asideDir, epoch };
    } catch (error) {
      await putBack(options.dataDir, asideDir);
      throw error;
    }
  } finally {
    lock.release();
  }
}

/**
 * The backup's seal keys join the server's own (never replace them): a tablet sealed its queue to the key
 * the server has now, or, if it last synced before the backup was made, to one the backup holds.
 */
function restoreSealKeys(from: string, dataDir: string, manifest: Manifest, now: Date): void {
  if (!manifest.files.some((f) => f.path === SEAL_KEYS_FILE)) return;
  const restored = readSealKeysFile(from);
  if (restored) writeSealKeysFile(dataDir, mergeSealKeys(readSealKeysFile(dataDir), restored, now));
}

/** A restore that failed half way leaves the data as it was before it. */
async function putBack(dataDir: string, asideDir: string): Promise<void> {
  for (const name of REPLACED) {
    if (!existsSync(join(asideDir, name))) continue;
    await rm(join(dataDir, name), { recursive: true, force: true });
    await rename(join(asideDir, name), join(dataDir, name));
  }
  await rm(asideDir, { recursive: true, force: true });
}

function checkSqliteCopy(file: string): void {
  const copy = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok')
      throw new Error(`バックアップのデータベースが壊れています（${String(check)}）。別のバックアップを使ってください`);
  } finally {
    copy.close();
  }
}

async function copyMedia(from: string, dataDir: string, manifest: Manifest): Promise<void> {
  const media = join(dataDir, 'media');
  const partial = join(dataDir, '.media.restoring');
  await rm(partial, { recursive: true, force: true });
  await mkdir(join(partial, 'files'), { recursive: true, mode: DIR_MODE });
  await mkdir(join(partial, 'thumbs'), { recursive: true, mode: DIR_MODE });
  for (const file of manifest.files.filter((f) => f.path.startsWith('media/'))) {
    await copyPrivate(join(from, file.path), join(partial, file.path.slice('media/'.length)));
  }
  for (const dir of [join(partial, 'files'), join(partial, 'thumbs'), partial]) await fsyncPath(dir);
  await rename(partial, media);
}

async function restoreSqlite(from: string, dataDir: string, now: Date, manifest: Manifest): Promise<EpochInfo> {
  const target = join(dataDir, SQLITE_FILE);
  const partial = `${target}.restoring`;
  await rm(partial, { force: true });
  await copyPrivate(join(from, SQLITE_FILE), partial);
  await rename(partial, target);
  await fsyncPath(dataDir);
  // Brought to this version's schema as a start would, then the new epoch.
  await prepareSqliteFile(target);
  const db = createDb({ dataDir });
  try {
    return await startRestoredEpoch(db, restoredEpochOptions(now, manifest));
  } finally {
    await db.destroy();
  }
}

async function restorePostgres(from: string, databaseUrl: string, now: Date, manifest: Manifest): Promise<EpochInfo> {
  const file = join(from, PG_DUMP_FILE);
  const result = spawnSync(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${databaseUrl}`, file],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (result.error || result.status !== 0) {
    throw new Error(
      `PostgreSQL の復元には pg_restore を使います。インストールして、もう一度実行してください（手動では: ${pgRestoreCommand(file)}）`,
    );
  }
  const { openDatabase } = await import('../db/startup');
  const db = await openDatabase({ dataDir: '', databaseUrl });
  try {
    return await startRestoredEpoch(db, restoredEpochOptions(now, manifest));
  } finally {
    await db.destroy();
  }
}

/** The new epoch starts from what the restored rows hold, never past what the backup had settled. */
const restoredEpochOptions = (now: Date, manifest: Manifest) => ({
  now,
  backupTakenAt: manifest.createdAt,
  backupVersion: manifest.epoch?.version ?? null,
});

export const pgRestoreCommand = (file: string) =>
  `pg_restore --clean --if-exists --no-owner --single-transaction --dbname="$DATABASE_URL" ${file}`;
