import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { tokenOf } from '../sync/sync-test-helpers';
import { type TestCtx, authed, describeEachDatabase, testConfig } from '../test/harness';
import { startS3 } from '../test/moto';
import {
  type MediaTestApp,
  bodyOf,
  jpeg,
  mp4,
  newCustomer,
  syncCapture,
  tusCreate,
  tusHead,
  tusPatch,
  tusUpload,
} from './media-test-support';
import { LocalMediaStore, type MediaOptions, type MediaStore } from './media-store';
import { S3MediaStore } from './s3-media-store';

/*
 * What every media store must do, run on both: the folder on this machine (the default) and an S3
 * bucket (MEDIA_STORE=s3, here moto_server). The routes, tus and the checks on arrival are the same
 * code over either.
 */

let s3: Awaited<ReturnType<typeof startS3>>;
beforeAll(async () => {
  s3 = await startS3('contract-media');
}, 60_000);
afterAll(() => s3?.stop());

type Kind = { name: 'local' | 's3'; options: () => MediaOptions; store: (options: MediaOptions) => MediaStore };
const LIMITS = { photoBytes: 64 * 1024, videoBytes: 12 * 1024 * 1024 };
const kinds: Kind[] = [
  {
    name: 'local',
    options: () => ({ dir: mkdtempSync(join(tmpdir(), 'clinic-media-contract-')), limits: LIMITS }),
    store: (options) => new LocalMediaStore(options.dir!, options.limits),
  },
  {
    name: 's3',
    options: () => ({ s3: s3.config, limits: LIMITS }),
    store: (options) => new S3MediaStore(options.s3!, options.limits),
  },
];

const bytesOf = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer());

describe.each(kinds)('media store contract [$name]', (kind) => {
  let options: MediaOptions;
  afterEach(() => {
    if (options.dir) rmSync(options.dir, { recursive: true, force: true });
  });

  it('writes a whole file, answers its size, its first bytes and any range, and drops it', async () => {
    options = kind.options();
    const store = kind.store(options);
    const id = crypto.randomUUID();
    const file = mp4(300_000);
    expect(await store.storedBytes(id)).toBeNull();
    expect(await store.writeWhole(id, file.length, Readable.from([Buffer.from(file)]))).toBe(file.length);
    expect(await store.storedBytes(id)).toBe(file.length);
    expect(await store.firstBytes(id, 16)).toEqual(file.subarray(0, 16));
    expect(await bytesOf(await store.read(id, 1000, 1999))).toEqual(file.subarray(1000, 2000));
    expect(await bytesOf(await store.read(id, 0, file.length - 1))).toEqual(file);
    expect(await store.withLocalFile(id, async (path) => new Uint8Array(await readFile(path)))).toEqual(file);
    await store.persist(id);
    await store.remove(id);
    expect(await store.storedBytes(id)).toBeNull();
    await store.remove(id); // a missing one is fine
  });

  it('keeps a thumbnail beside the file, reads it whole, and drops it', async () => {
    options = kind.options();
    const store = kind.store(options);
    const id = crypto.randomUUID();
    expect(await store.hasThumbnail(id)).toBe(false);
    const thumb = Buffer.from(await jpeg(32, 24));
    await store.saveThumbnail(id, thumb);
    expect(await store.hasThumbnail(id)).toBe(true);
    expect((await store.readThumbnail(id)).equals(thumb)).toBe(true);
    await store.removeThumbnail(id);
    expect(await store.hasThumbnail(id)).toBe(false);
  });

  it('refuses a name that is not a media id (nothing typed by anyone becomes a name)', async () => {
    options = kind.options();
    const store = kind.store(options);
    await expect(store.storedBytes('../../etc/passwd')).rejects.toThrow(/not a media id/);
    await expect(store.saveThumbnail('山田花子', Buffer.from('x'))).rejects.toThrow(/not a media id/);
  });
});

describeEachDatabase('media routes over either store', (getCtx) => {
  describe.each(kinds)('[$name]', (kind) => {
    let options: MediaOptions;
    afterEach(() => {
      if (options?.dir) rmSync(options.dir, { recursive: true, force: true });
    });

    /** An app on the test's database with this store; two of them are two server processes. */
    async function appOn(ctx: TestCtx, shared: MediaOptions, device?: MediaTestApp): Promise<MediaTestApp> {
      const app = createApp({ db: ctx.db, config: testConfig, media: shared });
      return {
        app,
        dir: shared.dir ?? '',
        token: device?.token ?? (await tokenOf(app, ctx.admin)),
        clientId: device?.clientId ?? crypto.randomUUID(),
        nextMutationId: device?.nextMutationId ?? 1,
        cleanup: () => undefined,
      };
    }

    it('takes a tus upload, serves it by a signed link in ranges with its thumbnail, and audits each read', async () => {
      options = kind.options();
      const t = await appOn(getCtx(), options);
      const customerId = await newCustomer(t);
      const file = await jpeg(640, 480);
      const capture = await syncCapture(t, customerId, file);
      expect((await tusUpload(t, capture.id, file)).status).toBe(204);
      const row = await getCtx()
        .db.selectFrom('media')
        .selectAll()
        .where('id', '=', capture.id)
        .executeTakeFirstOrThrow();
      expect(Number(row.uploaded)).toBe(1);

      const link = await bodyOf(
        await t.app.request(`/api/media/${capture.id}/link`, { method: 'POST', headers: authed(t.token) }),
      );
      const url = link.data.url as string;
      const part = await t.app.request(url, { headers: { Range: 'bytes=10-109' } });
      expect(part.status).toBe(206);
      expect(new Uint8Array(await part.arrayBuffer())).toEqual(file.subarray(10, 110));
      const whole = await t.app.request(url);
      expect(new Uint8Array(await whole.arrayBuffer())).toEqual(file);
      const thumbnail = await t.app.request(url.replace('/file?', '/thumbnail?'));
      expect(thumbnail.status).toBe(200);
      expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
      const reads = await getCtx()
        .db.selectFrom('audit_log')
        .select('detail')
        .where('entity_id', '=', capture.id)
        .where('action', 'like', '%.read')
        .execute();
      expect(reads.length).toBeGreaterThanOrEqual(3);
    });

    it('resumes an upload through another server process from the offset the store holds', async () => {
      options = kind.options();
      const first = await appOn(getCtx(), options);
      const customerId = await newCustomer(first);
      const file = mp4(1024 * 1024);
      const capture = await syncCapture(first, customerId, file, {
        kind: 'video',
        mime: 'video/mp4',
        width: null,
        height: null,
        duration: 3,
        quality: null,
      });
      expect((await tusCreate(first, capture.id, file.length)).status).toBe(201);
      const half = 600 * 1024;
      expect((await tusPatch(first, capture.id, 0, file.subarray(0, half))).status).toBe(204);
      // Another process with the same store settings (same folder, or same bucket) and nothing in memory.
      const second = await appOn(getCtx(), options, first);
      const head = await tusHead(second, capture.id);
      expect(head.status).toBe(200);
      expect(Number(head.headers.get('upload-offset'))).toBe(half);
      expect((await tusPatch(second, capture.id, half, file.subarray(half))).status).toBe(204);
      const store = kind.store(options);
      expect(await store.storedBytes(capture.id)).toBe(file.length);
      expect(await bytesOf(await store.read(capture.id, 0, file.length - 1))).toEqual(file);
      if (kind.name === 's3') {
        // Nothing about the patient in the bucket's names: only media ids (and tus's records of them).
        const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
        for (const key of (listed.Contents ?? []).map((o) => o.Key!))
          expect(key).toMatch(/^(thumbs\/)?[0-9a-f-]{36}(\.info|\.part|\.jpg)?$/);
      }
    }, 60_000);
  });
});
