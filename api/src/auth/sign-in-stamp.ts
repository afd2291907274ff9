import { createHmac } from 'node:crypto';
import type { Db } from '../db/dialect';

/** A key of its own for stamps, derived from the token secret, so a stamp is never a token. */
const stampKey = (tokenSecret: string): Buffer =>
  createHmac('sha256', tokenSecret).update('clinic sign-in stamp v1').digest();

/**
 * The server's word for a person's current password and role (LoginResponse.signInStamp, PullResponse.signers):
 * a tablet keeps it with that person's wrap of its key and drops the wrap when it changes. Made from the
 * count of password changes, never from the password or its hash, so it tells nothing about either.
 */
export function signInStamp(
  tokenSecret: string,
  user: { id: string; role: string; credential_version: number },
): string {
  return createHmac('sha256', stampKey(tokenSecret))
    .update(`${user.id}\n${user.credential_version}\n${user.role}`)
    .digest('base64url')
    .slice(0, 22);
}

/** Counts a change or reset of the password, in the caller's transaction: the tablets' wraps of the old one go. */
export async function countPasswordChange(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ credential_version: eb('credential_version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}

/** Of `ids`, those who may still sign in (not deleted), with their stamp. */
export async function signersOf(db: Db, tokenSecret: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(['id', 'role', 'credential_version'])
    .where('id', 'in', [...ids])
    .where('deleted', '=', 0)
    .execute();
  return rows.map((row) => ({ id: row.id, stamp: signInStamp(tokenSecret, row) }));
}
