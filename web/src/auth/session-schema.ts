import type { User } from '@clinic/sync-protocol';
import { ROLES } from '@clinic/sync-protocol/rules';

/** What the browser keeps of a login, under one localStorage key. */
export type Session = {
  accessToken: string;
  refreshToken: string;
  userId: string;
  user: User;
  /** epoch ms; the short-lived access token is refreshed a minute before this */
  accessTokenExpiresAt: number;
  /** epoch ms; login time + expiresIn: after this the session is cleared (spec 4) */
  expiresAt: number;
  /**
   * Signed in on the device alone (password checked against its wrap of the data key, no network):
   * no tokens; nothing syncs until a server session is re-established (lock/reconnect).
   */
  offline?: true;
};

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function toUser(value: unknown): User | null {
  if (!isObject(value)) return null;
  const { id, username, email, role, created_at, last_login } = value;
  if (!isText(id) || !isText(username) || !isText(email) || !isText(created_at)) return null;
  if (!(ROLES as readonly unknown[]).includes(role) || !(last_login === null || isText(last_login))) return null;
  return { id, username, email, role: role as User['role'], created_at, last_login };
}

/**
 * The stored session read back, or null when it is not one (an older app's, or edited by hand): then
 * the person logs in again. Checked by hand rather than with a schema so the app starts without zod;
 * only the known fields are kept.
 */
export function toStoredSession(value: unknown): Session | null {
  if (!isObject(value)) return null;
  const { accessToken, refreshToken, userId, accessTokenExpiresAt, expiresAt } = value;
  const offline = value.offline === true;
  const user = toUser(value.user);
  if (!user || !isText(accessToken) || !isText(refreshToken) || !isText(userId)) return null;
  // An online session has both tokens; an offline one has none.
  if (offline ? accessToken || refreshToken : !accessToken || !refreshToken) return null;
  if (!isTime(accessTokenExpiresAt) || !isTime(expiresAt)) return null;
  const session: Session = { accessToken, refreshToken, userId, user, accessTokenExpiresAt, expiresAt };
  return offline ? { ...session, offline: true } : session;
}
