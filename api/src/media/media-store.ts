import { mkdtempSync } from 'node:fs';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { type DataStore, type Locker, MemoryLocker, Upload } from '@tus/server';
import { MEDIA_LIMITS, type MediaKind } from '@clinic/sync-protocol';
import { durableFs } from './media-durable';
import { mediaWriteFailure } from './write-failure';
import { S3MediaStore } from './s3-media-store';

export type MediaLimits = { photoBytes: number; videoBytes: number };

export interface MediaOptions {
  /** DATA_DIR/media. Unset: a temporary folder made on first use (apps in tests that never touch media). */
  dir?: string | undefined;
  /** Smaller limits for tests; the shared MEDIA_LIMITS otherwise. */
  limits?: MediaLimits | undefined;
  /** MEDIA_STORE=s3: the files in an S3 bucket instead of `dir` (several API processes share it). */
  s3?: S3MediaConfig | undefined;
  /** tus's upload lock; this process's memory by default, PostgreSQL for a cluster (cluster/upload-locker.ts). */
  locker?: Locker | undefined;
}

/**
 * Where photos and videos are kept: a folder on this machine (LocalMediaStore) or an S3 bucket
 * (S3MediaStore). Both hold the same names: the media id for the file, `thumbs/{id}.jpg` for its
 * thumbnail or poster, never anything about the patient.
 */
export interface MediaStore {
  /** What tus writes resumable uploads through. */
  readonly files: DataStore;
  /** Shared by the tus server and the multipart upload, so the two never write one file at once. */
  readonly locker: Locker;
  readonly limits: MediaLimits;
  sizeLimit(kind: MediaKind): number;
  /** The upload as tus sees it, or null when there is none. */
  upload(id: string): Promise<Upload | null>;
  /** Bytes of the whole file, or null when there is none (yet). */
  storedBytes(id: string): Promise<number | null>;
  firstBytes(id: string, count: number): Promise<Uint8Array>;
  /** Bytes `start` to `end` (inclusive) as a stream, never read whole into memory. */
  read(id: string, start: number, end: number): Promise<ReadableStream<Uint8Array>>;
  /** Runs `use` with the file at a path on this machine (ffmpeg and the image decoder read files). */
  withLocalFile<T>(id: string, use: (path: string) => Promise<T>): Promise<T>;
  /** Writes a whole file through the same store tus uses, under the same lock. Returns the bytes written. */
  writeWhole(id: string, size: number, source: Readable): Promise<number>;
  /** Puts a whole, checked file in place for good: before its upload is confirmed. */
  persist(id: string): Promise<void>;
  /** Drops a file and its upload record; a missing one is fine. */
  remove(id: string): Promise<void>;
  removeThumbnail(id: string): Promise<void>;
  hasThumbnail(id: string): Promise<boolean>;
  saveThumbnail(id: string, jpeg: Buffer): Promise<void>;
  readThumbnail(id: string): Promise<Buffer>;
}

export interface S3MediaConfig {
  bucket: string;
  region: string;
  /** S3_ENDPOINT: an S3-compatible server's URL; unset for AWS itself. */
  endpoint?: string | undefined;
  /** S3_FORCE_PATH_STYLE: bucket in the path (most S3-compatible servers), not in the host name. */
  forcePathStyle?: boolean | undefined;
  /** Unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, a role, ...). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Bytes per part of a multipart upload (S3's least is 5 MiB). */
  partSize?: number | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Every name on disk is a validated UUID made by a device or the server, never a name someone typed. */
export const isMediaId = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/**
 * The folder of photos and videos: `files/{id}` (+ `{id}.json`, tus's record of the upload) for both
 * upload paths, and `thumbs/{id}.jpg` for photo thumbnails and video posters.
 */
export class LocalMediaStore implements MediaStore {
  readonly files: FileStore;
  readonly locker: Locker;
  readonly limits: MediaLimits;
  private readonly thumbs: string;

  constructor(
    readonly dir: string,
    limits: MediaLimits = MEDIA_LIMITS,
    locker: Locker = new MemoryLocker(),
  ) {
    this.files = new FileStore({ directory: join(dir, 'files') });
    this.thumbs = join(dir, 'thumbs');
    this.limits = limits;
    this.locker = locker;
  }

  read(id: string, start: number, end: number): Promise<ReadableStream<Uint8Array>> {
    // Node's web stream and the DOM's ReadableStream are the same object at run time; only their
    // TypeScript declarations differ.
    return Promise.resolve(
      Readable.toWeb(createReadStream(this.filePath(id), { start, end })) as unknown as ReadableStream<Uint8Array>,
    );
  }

  withLocalFile<T>(id: string, use: (path: string) => Promise<T>): Promise<T> {
    return use(this.filePath(id));
  }

  readThumbnail(id: string): Promise<Buffer> {
    return readFile(this.thumbnailPath(id));
  }

  sizeLimit(kind: MediaKind): number {
    return kind === 'photo' ? this.limits.photoBytes : this.limits.videoBytes;
  }

  filePath(id: string): string {
    if (!UUID.test(id)) throw new Error(`not a media id: ${id}`);
    return join(this.files.directory, id);
  }

  thumbnailPath(id: string): string {
    if (!UUID.test(id)) throw new Error(`not a media id: ${id}`);
    return join(this.thumbs, `${id}.jpg`);
  }

  /** The upload as tus sees it, or null when there is none. */
  async upload(id: string): Promise<Upload | null> {
    try {
      return await this.files.getUpload(id);
    } catch {
      return null;
    }
  }

  /** Bytes on disk, or null without a file. */
  async storedBytes(id: string): Promise<number | null> {
    const info = await stat(this.filePath(id)).catch(() => null);
    return info?.isFile() ? info.size : null;
  }

  async firstBytes(id: string, count: number): Promise<Uint8Array> {
    const handle = await open(this.filePath(id), 'r');
    try {
      const buffer = Buffer.alloc(count);
      const { bytesRead } = await handle.read(buffer, 0, count, 0);
      return new Uint8Array(buffer.subarray(0, bytesRead));
    } finally {
      await handle.close();
    }
  }

  /** Writes a whole file through the same FileStore tus uses, under the same lock. Returns the bytes written. */
  async writeWhole(id: string, size: number, source: Readable): Promise<number> {
    const lock = this.locker.newLock(id);
    await lock.lock(new AbortController().signal, () => undefined);
    try {
      await this.files.create(new Upload({ id, size, offset: 0, metadata: { mediaId: id } }));
      return await this.files.write(source, id, 0);
    } catch (error) {
      throw await mediaWriteFailure(error, this.files.directory, size);
    } finally {
      await lock.unlock();
    }
  }

  /** Puts a whole, checked file on disk for good (see media-durable.ts): before its upload is confirmed. */
  async persist(id: string): Promise<void> {
    await durableFs.syncFile(this.filePath(id));
    // tus's state file ({id}.json: the upload's length and offset) too, or a crash could leave the whole
    // file beside a state that says it is still arriving, or none.
    const state = `${this.filePath(id)}.json`;
    if (await stat(state).catch(() => null)) await durableFs.syncFile(state);
    await durableFs.syncDir(this.files.directory);
  }

  /** Drops a refused file and its upload record; a missing one is fine. */
  async remove(id: string): Promise<void> {
    await rm(this.filePath(id), { force: true });
    await rm(`${this.filePath(id)}.json`, { force: true });
  }

  async removeThumbnail(id: string): Promise<void> {
    await rm(this.thumbnailPath(id), { force: true });
  }

  async hasThumbnail(id: string): Promise<boolean> {
    return (await stat(this.thumbnailPath(id)).catch(() => null))?.isFile() ?? false;
  }

  /**
   * Written aside and renamed, so a reader never sees half a thumbnail; fsynced before the rename and
   * the folder after it, so a confirmed upload's thumbnail is on disk too.
   */
  async saveThumbnail(id: string, jpeg: Buffer): Promise<void> {
    const made = await mkdir(this.thumbs, { recursive: true, mode: 0o700 });
    if (made !== undefined) await durableFs.syncDir(this.dir);
    const partial = join(this.thumbs, `${id}.${crypto.randomUUID()}.part`);
    try {
      await writeFile(partial, jpeg, { mode: 0o600 });
      await durableFs.syncFile(partial);
      await rename(partial, this.thumbnailPath(id));
      await durableFs.syncDir(this.thumbs);
    } finally {
      await rm(partial, { force: true });
    }
  }
}

/** The store of an app, made on first use, so apps that never touch media make no folders. */
export function lazyMediaStore(options: MediaOptions): () => MediaStore {
  let store: MediaStore | undefined;
  return () => {
    store ??= options.s3
      ? new S3MediaStore(options.s3, options.limits, options.locker)
      : new LocalMediaStore(
          options.dir ?? mkdtempSync(join(tmpdir(), 'clinic-media-')),
          options.limits,
          options.locker,
        );
    return store;
  };
}
