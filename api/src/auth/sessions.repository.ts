import type { Db } from '../db/dialect';
import type { SessionRow, UserRow } from '../db/database';

export async function insertSession(db: Db, row: Omit<SessionRow, 'revoked_at' | 'revoke_reason'>): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

/** A session that is neither revoked nor past its absolute expiry, with its (not deleted) user. */
export async function findLiveSession(db: Db, sessionId: string, nowIso: string) {
  const session = await db
    .selectFrom('sessions')
    .selectAll()
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
  if (!session) return undefined;
  const user: UserRow | undefined = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', session.user_id)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  return user ? { session, user } : undefined;
}

export async function revokeSession(db: Db, sessionId: string, reason: string, atIso: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: atIso, revoke_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of a user (role, password or account change), optionally sparing one. */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  reason: string,
  atIso: string,
  exceptSessionId?: string,
): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: atIso, revoke_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId !== undefined) query = query.where('id', '!=', exceptSessionId);
  await query.execute();
}

export async function insertRefreshToken(db: Db, tokenHash: string, sessionId: string, atIso: string): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({ token_hash: tokenHash, session_id: sessionId, created_at: atIso })
    .execute();
}

export function findRefreshToken(db: Db, tokenHash: string) {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/**
 * Marks a refresh token used. Conditional on `used_at is null`, so of two concurrent refreshes with
 * the same token only one wins; the other is treated as reuse.
 */
export async function markRefreshTokenUsed(db: Db, tokenHash: string, atIso: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: atIso })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
