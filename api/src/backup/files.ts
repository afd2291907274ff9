import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, copyFile, constants, open } from 'node:fs/promises';

export const FILE_MODE = 0o600;
export const DIR_MODE = 0o700;

/** sha256 (hex) and size of a file, read as a stream (videos are large). */
export async function digest(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

/** Flushes a file or a folder's entries to the disk. */
export async function fsyncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Copies a file that must not exist yet, readable by this user only, on the disk before it returns. */
export async function copyPrivate(from: string, to: string): Promise<void> {
  await copyFile(from, to, constants.COPYFILE_EXCL);
  await chmod(to, FILE_MODE);
  await fsyncPath(to);
}
