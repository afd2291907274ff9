import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The data folder holds patient data (要配慮個人情報): only the server's own user may open it. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** For process.umask: whatever the server creates from then on is 0600 / 0700. */
export const PRIVATE_UMASK = 0o077;

/**
 * What the server keeps in the data folder: the database with its WAL, shared-memory and journal
 * files, the token secret, the photos and videos, the backups. Only these are walked: DATA_DIR set by
 * mistake to a folder with other things in it (a home folder) must not have all of them changed.
 */
const isAppEntry = (name: string) =>
  name.startsWith('clinic.sqlite') || ['token-secret', 'device-key-secret', 'media', 'backups'].includes(name);

export type SecuredDataDir = {
  /** Paths whose mode was changed. */
  changed: string[];
  /** Why the folder's own mode was left as it was, or null. */
  skipped: string | null;
};

/**
 * Makes the data folder (0700) when missing, and brings an install made before this rule into line:
 * the folder 0700, and in the app's entries every folder 0700 and every file 0600. Symbolic links
 * are left alone, so nothing outside the folder is touched. A folder shared by everyone (sticky, like
 * /tmp) keeps its mode; the caller says so.
 */
export function secureDataDir(dir: string): SecuredDataDir {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const changed: string[] = [];
  const tighten = (path: string, mode: number) => {
    const info = lstatOrNull(path);
    if (!info || (info.mode & 0o777) === mode) return;
    chmodSync(path, mode);
    changed.push(path);
  };
  const visit = (path: string) => {
    const info = lstatOrNull(path);
    if (!info || info.isSymbolicLink()) return;
    if (!info.isDirectory()) return tighten(path, PRIVATE_FILE_MODE);
    tighten(path, PRIVATE_DIR_MODE);
    for (const name of readdirSync(path)) visit(join(path, name));
  };

  const top = lstatSync(dir);
  const skipped =
    top.mode & 0o1000 ? `${dir} is a folder shared by all users (sticky bit): its mode is left as it is` : null;
  if (!skipped) tighten(dir, PRIVATE_DIR_MODE);
  for (const name of readdirSync(dir)) if (isAppEntry(name)) visit(join(dir, name));
  return { changed, skipped };
}

/** A file may go while the folder is walked (a WAL checkpointed away): that is not an error. */
function lstatOrNull(path: string) {
  try {
    return lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
