import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { S3Store } from '@tus/s3-store';
import { type KvStore, type Locker, MemoryLocker, Upload } from '@tus/server';
import { MEDIA_LIMITS, type MediaKind } from '@clinic/sync-protocol';
import type { MediaLimits, MediaStore, S3MediaConfig } from './media-store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** S3's least part (the last may be smaller); tus's S3 store buffers one part on disk while it arrives. */
const DEFAULT_PART_BYTES = 8 * 1024 * 1024;

/**
 * tus's S3 store keeps each upload's record ({id}.info: its length and multipart upload) in a cache,
 * in memory by default. With several processes one of them would serve an upload it has cached as it
 * stood, after another process finished or removed it: no cache, so each request reads the bucket.
 */
class NoCache<T> implements KvStore<T> {
  get(): Promise<T | undefined> {
    return Promise.resolve(undefined);
  }
  set(): Promise<void> {
    return Promise.resolve();
  }
  delete(): Promise<void> {
    return Promise.resolve();
  }
  list(): Promise<string[]> {
    return Promise.resolve([]);
  }
}

const missing = (error: unknown) =>
  error instanceof NoSuchKey ||
  error instanceof NotFound ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * Photos and videos in an S3 bucket (MEDIA_STORE=s3), shared by every API process: objects `{id}` (the
 * media id, a UUID made by a device or the server) with tus's `{id}.info` (and `{id}.part` while a part
 * arrives), and `thumbs/{id}.jpg`. No name holds anything about the patient. Reads go through the app's
 * signed, audited routes as from disk; the bucket itself is never handed to a browser.
 */
export class S3MediaStore implements MediaStore {
  readonly files: S3Store;
  readonly locker: Locker;
  readonly limits: MediaLimits;
  readonly bucket: string;
  readonly client: S3Client;

  constructor(config: S3MediaConfig, limits: MediaLimits = MEDIA_LIMITS, locker: Locker = new MemoryLocker()) {
    const clientConfig = {
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.forcePathStyle ? { forcePathStyle: true } : {}),
      ...(config.credentials ? { credentials: config.credentials } : {}),
    };
    this.bucket = config.bucket;
    this.client = new S3Client(clientConfig);
    this.files = new S3Store({
      partSize: config.partSize ?? DEFAULT_PART_BYTES,
      s3ClientConfig: { ...clientConfig, bucket: config.bucket },
      cache: new NoCache(),
    });
    this.limits = limits;
    this.locker = locker;
  }

  private key(id: string): string {
    if (!UUID.test(id)) throw new Error(`not a media id: ${id}`);
    return id;
  }

  private thumbKey(id: string): string {
    return `thumbs/${this.key(id)}.jpg`;
  }

  sizeLimit(kind: MediaKind): number {
    return kind === 'photo' ? this.limits.photoBytes : this.limits.videoBytes;
  }

  async upload(id: string): Promise<Upload | null> {
    try {
      return await this.files.getUpload(this.key(id));
    } catch {
      return null;
    }
  }

  async storedBytes(id: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(id) }));
      return head.ContentLength ?? null;
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  async firstBytes(id: string, count: number): Promise<Uint8Array> {
    if (count <= 0) return new Uint8Array();
    const size = await this.storedBytes(id);
    if (!size) return new Uint8Array();
    const stream = await this.read(id, 0, Math.min(count, size) - 1);
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }

  async read(id: string, start: number, end: number): Promise<ReadableStream<Uint8Array>> {
    const object = await this.client.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: this.key(id), Range: `bytes=${start}-${end}` }),
    );
    if (!object.Body) throw new Error(`no body for media ${id}`);
    return object.Body.transformToWebStream() as ReadableStream<Uint8Array>;
  }

  async withLocalFile<T>(id: string, use: (path: string) => Promise<T>): Promise<T> {
    const dir = await mkdtemp(join(tmpdir(), 'clinic-media-'));
    try {
      const path = join(dir, this.key(id));
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(id) }));
      if (!object.Body) throw new Error(`no body for media ${id}`);
      await pipeline(object.Body as Readable, createWriteStream(path, { mode: 0o600 }));
      return await use(path);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async writeWhole(id: string, size: number, source: Readable): Promise<number> {
    const lock = this.locker.newLock(id);
    await lock.lock(new AbortController().signal, () => undefined);
    try {
      await this.files.create(new Upload({ id: this.key(id), size, offset: 0, metadata: { mediaId: id } }));
      return await this.files.write(source, id, 0);
    } finally {
      await lock.unlock();
    }
  }

  /** An object is in the bucket for good once its upload completed: nothing more to do. */
  persist(): Promise<void> {
    return Promise.resolve();
  }

  async remove(id: string): Promise<void> {
    // tus's remove aborts an unfinished multipart upload; the whole object and its record go here too.
    await this.files.remove(this.key(id)).catch(() => undefined);
    for (const key of [this.key(id), `${this.key(id)}.info`, `${this.key(id)}.part`])
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async removeThumbnail(id: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.thumbKey(id) }));
  }

  async hasThumbnail(id: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.thumbKey(id) }));
      return true;
    } catch (error) {
      if (missing(error)) return false;
      throw error;
    }
  }

  /** One PUT: a reader sees the whole thumbnail or none. */
  async saveThumbnail(id: string, jpeg: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: this.thumbKey(id), Body: jpeg, ContentType: 'image/jpeg' }),
    );
  }

  async readThumbnail(id: string): Promise<Buffer> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.thumbKey(id) }));
    if (!object.Body) throw new Error(`no thumbnail body for media ${id}`);
    return Buffer.from(await object.Body.transformToByteArray());
  }
}
