import { accessSync, constants } from 'node:fs';
import { storageFaultOf } from './storage-health';

/**
 * The line a failed start prints: for a data folder that takes no writes (read-only file system, no
 * permission) or cannot be opened, the folder and the reason, not only SQLite's "unable to open
 * database file"; any other failure its own message.
 */
export function startFailureMessage(error: unknown, dataDir: string): string {
  const message = error instanceof Error ? error.message : String(error);
  // The folder's own answer says more than the call that failed (a recursive mkdir on a read-only
  // mount reports ENOENT, SQLite "unable to open database file").
  const code = folderRefusal(dataDir) ?? codeOf(error);
  const fault = storageFaultOf(error) ?? storageFaultOf({ code });
  if (fault === 'readonly' || code === 'SQLITE_CANTOPEN' || code === 'ENOENT')
    return `cannot start: the data folder ${dataDir} cannot be written (${REASONS[code ?? ''] ?? code ?? 'unknown reason'}: ${message}). Make it writable by this user or set DATA_DIR to a folder that is.`;
  if (fault === 'full')
    return `cannot start: no room left for the data folder ${dataDir} (${code}: ${message}). Free some space and start again.`;
  return message;
}

const REASONS: Record<string, string> = {
  EROFS: 'the file system is mounted read-only',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  SQLITE_READONLY: 'the database file or its folder is read-only',
  SQLITE_CANTOPEN: 'the database file cannot be opened or created there (a read-only or missing folder)',
  ENOENT: 'the folder does not exist and cannot be made',
};

function folderRefusal(dataDir: string): string | undefined {
  try {
    accessSync(dataDir, constants.W_OK);
    return undefined;
  } catch (error) {
    const code = codeOf(error);
    return code === 'EROFS' || code === 'EACCES' || code === 'EPERM' ? code : undefined;
  }
}

function codeOf(error: unknown): string | undefined {
  for (
    let e = error, depth = 0;
    typeof e === 'object' && e !== null && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}
