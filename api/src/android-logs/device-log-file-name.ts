import { randomBytes } from 'node:crypto';

/**
 * The server's name for an upload (DEVICE_LOG_FILE_NAME): the time in UTC, the session id (already
 * checked to be letters, digits, _ and -) cut to 40 characters, and 8 random hex digits so two
 * uploads of one session in the same second still differ. It is a key in the database, never a path.
 */
export function deviceLogFileName(sessionId: string, at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').slice(0, 15);
  return `android-log-${stamp}-${sessionId.slice(0, 40)}-${randomBytes(4).toString('hex')}.json`;
}
