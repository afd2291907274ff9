import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { S3MediaStore } from '../media/s3-media-store';
import { DIR_MODE, FILE_MODE, digest } from './files';
import type { Manifest } from './manifest';

/**
 * MEDIA_STORE=s3: the uploaded captures' objects (and their thumbnails) copied from the bucket into the
 * backup, in the same layout as a folder's (`media/files/{id}`, `media/thumbs/{id}.jpg`), so a backup
 * restores into either store. A listed capture whose object is gone is named, not fatal.
 */
export async function copyBucketMedia(store: S3MediaStore, into: string, ids: string[]) {
  const files: Manifest['files'] = [];
  const missingMedia: string[] = [];
  if (ids.length === 0) return { files, missingMedia };
  await mkdir(join(into, 'media', 'files'), { recursive: true, mode: DIR_MODE });
  await mkdir(join(into, 'media', 'thumbs'), { recursive: true, mode: DIR_MODE });
  for (const id of ids) {
    const size = await store.storedBytes(id);
    if (size === null) {
      missingMedia.push(id);
      continue;
    }
    const path = `media/files/${id}`;
    const body = size === 0 ? Readable.from([]) : Readable.fromWeb((await store.read(id, 0, size - 1)) as never);
    await pipeline(body, createWriteStream(join(into, path), { mode: FILE_MODE, flags: 'wx' }));
    files.push({ path, ...(await digest(join(into, path))) });
    if (await store.hasThumbnail(id)) {
      const thumb = `media/thumbs/${id}.jpg`;
      await pipeline(
        Readable.from([await store.readThumbnail(id)]),
        createWriteStream(join(into, thumb), { mode: FILE_MODE, flags: 'wx' }),
      );
      files.push({ path: thumb, ...(await digest(join(into, thumb))) });
    }
  }
  return { files, missingMedia };
}

/**
 * The backup's photos, videos and thumbnails put back into the bucket under their ids. Objects the
 * bucket holds beyond them are left (a capture the restored database no longer lists is never served,
 * and the tablets send again what the backup lacks).
 */
export async function restoreBucketMedia(store: S3MediaStore, from: string, manifest: Manifest): Promise<number> {
  let put = 0;
  for (const file of manifest.files) {
    const match = /^media\/(files\/([0-9a-f-]{36})|thumbs\/([0-9a-f-]{36})\.jpg)$/.exec(file.path);
    if (!match) continue;
    const source = join(from, file.path);
    if (!existsSync(source)) continue;
    const key = match[2] ?? `thumbs/${match[3]}.jpg`;
    await store.client.send(
      new PutObjectCommand({
        Bucket: store.bucket,
        Key: key,
        Body: createReadStream(source),
        ContentLength: (await stat(source)).size,
        ...(match[3] ? { ContentType: 'image/jpeg' } : {}),
      }),
    );
    put += 1;
  }
  return put;
}
