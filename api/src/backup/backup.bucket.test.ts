import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteObjectCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { Database } from '../db/database';
import { openDatabase } from '../db/startup';
import { jpeg, syncCapture, tusUpload, type MediaTestApp, newCustomer } from '../media/media-test-support';
import { tokenOf } from '../sync/sync-test-helpers';
import { seedUser, testConfig } from '../test/harness';
import { startS3 } from '../test/moto';
import { createBackup } from './backup';
import { restoreBackup } from './restore';

const ADMIN = {
  username: 'admin',
  email: 'admin@clinic.local',
  password: 'admin-password-123',
  role: 'admin' as const,
};

/*
 * MEDIA_STORE=s3: a backup copies the uploaded captures' objects (and thumbnails) from the bucket, with
 * their SHA-256 in the manifest; a restore puts them back into the bucket. (The database side is the
 * same as with a folder: SQLite here, pg_dump in backup.postgres.test.ts.)
 */
describe('backup and restore with media in a bucket', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let dataDir: string;
  let db: Kysely<Database>;
  beforeAll(async () => {
    s3 = await startS3('backup-media');
    dataDir = mkdtempSync(join(tmpdir(), 'clinic-backup-bucket-'));
  }, 60_000);
  afterAll(async () => {
    await db?.destroy().catch(() => undefined);
    s3?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies each uploaded object into the backup and puts it back into the bucket on restore', async () => {
    db = await openDatabase({ dataDir });
    await seedUser(db, ADMIN);
    const app = createApp({ db, config: testConfig, media: { s3: s3.config } });
    const t: MediaTestApp = {
      app,
      dir: '',
      token: await tokenOf(app, ADMIN),
      clientId: crypto.randomUUID(),
      nextMutationId: 1,
      cleanup: () => undefined,
    };
    const file = await jpeg(320, 240);
    const capture = await syncCapture(t, await newCustomer(t), file);
    expect((await tusUpload(t, capture.id, file)).status).toBe(204);

    const backup = await createBackup({ dataDir, s3: s3.config });
    const paths = backup.manifest.files.map((f) => f.path);
    expect(paths).toContain(`media/files/${capture.id}`);
    expect(paths).toContain(`media/thumbs/${capture.id}.jpg`);
    expect(new Uint8Array(readFileSync(join(backup.dir, 'media', 'files', capture.id)))).toEqual(file);
    expect(backup.manifest.missingMedia).toEqual([]);

    // The bucket loses the photo; the restore (server stopped) brings it back.
    for (const key of [capture.id, `thumbs/${capture.id}.jpg`])
      await s3.client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
    await db.destroy();
    await restoreBackup({ dataDir, from: backup.dir, s3: s3.config });
    const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: capture.id }));
    expect(new Uint8Array(await object.Body!.transformToByteArray())).toEqual(file);
    const thumb = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `thumbs/${capture.id}.jpg` }));
    expect((await thumb.Body!.transformToByteArray()).length).toBeGreaterThan(0);

    // The restored server serves it again.
    db = await openDatabase({ dataDir });
    const again = createApp({ db, config: testConfig, media: { s3: s3.config } });
    const token = await tokenOf(again, ADMIN);
    const link = await again.request(`/api/media/${capture.id}/link`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    const { url } = ((await link.json()) as { data: { url: string } }).data;
    expect(new Uint8Array(await (await again.request(url)).arrayBuffer())).toEqual(file);
  }, 60_000);
});
