import { statfs } from 'node:fs/promises';

/** Free bytes of the file system holding `dir` (node:fs statfs), or null when it cannot be read. */
export type FreeSpace = (dir: string) => Promise<number | null>;

const freeSpaceOf: FreeSpace = async (dir) => {
  const fs = await statfs(dir).catch(() => null);
  return fs ? fs.bavail * fs.bsize : null;
};

/**
 * An Error for a failed media write. @tus/file-store throws a plain object (its FILE_WRITE_ERROR)
 * in place of the system's error, so ENOSPC is lost: Hono would answer a bare 500 and log nothing.
 * When the disk has no room for what was left to write, the error carries code ENOSPC, which the
 * app answers with 507 (the tablet keeps the capture and sends it again) and health turns 503.
 */
export async function mediaWriteFailure(
  error: unknown,
  dir: string,
  bytesWanted: number,
  freeSpace: FreeSpace = freeSpaceOf,
): Promise<Error> {
  const failure =
    error instanceof Error ? error : new Error(`media write failed: ${describe(error)}`, { cause: error });
  const free = await freeSpace(dir);
  if (free !== null && free < bytesWanted && !('code' in failure)) Object.assign(failure, { code: 'ENOSPC' });
  return failure;
}

function describe(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'body' in error) return String(error.body).slice(0, 200);
  return String(error).slice(0, 200);
}
