import type { User } from '@clinic/sync-protocol';
import { ROLES } from '@clinic/sync-protocol/rules';

/** A login as the page holds it in memory (web storage keeps a StoredSession). */
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
   * No tokens in memory: signed in on the device alone (password checked against its wrap of the data
   * key, no network), or a stored session whose sealed tokens wait for the data key (the lock). Nothing
   * syncs until a server session is re-established (lock/reconnect) or the tokens are opened.
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
  const { id, username, display_name, email, role, created_at, last_login } = value;
  if (!isText(id) || !isText(username) || !isText(email) || !isText(created_at)) return null;
  if (!(ROLES as readonly unknown[]).includes(role) || !(last_login === null || isText(last_login))) return null;
  // A session kept before display names (issue 38) has none: the user name is shown until the next sign-in.
  const displayName = isText(display_name) ? display_name : null;
  return { id, username, display_name: displayName, email, role: role as User['role'], created_at, last_login };
}

/**
 * What web storage keeps of a login: who and until when (not secret: the lock shows it), and the two
 * tokens only sealed with the device's data key (vault/seal-value), so a copy of the profile folder is
 * worth nothing without a person's password. A session on the device alone has no tokens.
 */
export type StoredSession = {
  userId: string;
  user: User;
  accessTokenExpiresAt: number;
  expiresAt: number;
  /** `{accessToken, refreshToken}` as JSON, sealed for this person (see sealedTokensBinding). */
  tokens?: string;
};

/** What the sealed tokens are bound to: another person's sealed tokens copied here do not open. */
export const sealedTokensBinding = (userId: string) => `session-tokens:${userId}`;

/**
 * The stored session read back, or null when it is not one (an older app's with tokens in clear, or
 * edited by hand): then the person logs in again. Checked by hand rather than with a schema so the app
 * starts without zod; only the known fields are kept.
 */
export function toStoredSession(value: unknown): StoredSession | null {
  if (!isObject(value)) return null;
  const { userId, accessTokenExpiresAt, expiresAt, tokens } = value;
  const user = toUser(value.user);
  if (!user || !isText(userId) || user.id !== userId) return null;
  // Tokens in clear are an older app's: never taken over (README, 共有タブレット).
  if ('accessToken' in value || 'refreshToken' in value) return null;
  if (!isTime(accessTokenExpiresAt) || !isTime(expiresAt)) return null;
  if (tokens !== undefined && (!isText(tokens) || tokens.length === 0 || tokens.length > 8192)) return null;
  const stored: StoredSession = { userId, user, accessTokenExpiresAt, expiresAt };
  return tokens === undefined ? stored : { ...stored, tokens };
}

/** The tokens opened from their sealed JSON, or null when it is not a pair of non-empty strings. */
export function toTokens(json: string): { accessToken: string; refreshToken: string } | null {
  try {
    const value: unknown = JSON.parse(json);
    if (!isObject(value)) return null;
    const { accessToken, refreshToken } = value;
    return isText(accessToken) && isText(refreshToken) && accessToken && refreshToken
      ? { accessToken, refreshToken }
      : null;
  } catch {
    return null;
  }
}
