import type { ManagedUser, User } from '@clinic/sync-protocol';
import type { Db } from '../db/dialect';
import { toCount } from '../db/dialect';
import type { NewUserRow, UserRow, UserUpdate } from '../db/database';

/** The public shape (sync-protocol userSchema): never the password hash or lockout state. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name ?? null,
    email: row.email,
    role: row.role,
    created_at: row.created_at,
    last_login: row.last_login,
  };
}

/** As user management sees it: plus the lock after failed logins, while it lasts (a lock run out is none). */
export function toManagedUser(row: UserRow, now: Date): ManagedUser {
  const locked = row.locked_until !== null && row.locked_until > now.toISOString();
  return { ...toUser(row), locked_until: locked ? row.locked_until : null, treats: Boolean(Number(row.treats)) };
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
}

/** `login` is already trimmed and lower-cased; it may be a user name or an e-mail address. */
export function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('deleted', '=', 0)
    .where((eb) => eb.or([eb('username', '=', login), eb('email', '=', login)]))
    .executeTakeFirst();
}

export function listUsers(db: Db): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('deleted', '=', 0)
    .orderBy('created_at')
    .orderBy('username')
    .execute();
}

export async function countUsers(db: Db, filter: { role?: UserRow['role'] } = {}): Promise<number> {
  let query = db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('deleted', '=', 0);
  if (filter.role !== undefined) query = query.where('role', '=', filter.role);
  const row = await query.executeTakeFirstOrThrow();
  return toCount(row.n);
}

/** True when another live user already has this user name or e-mail address. */
export async function isTaken(db: Db, values: { username?: string; email?: string }, exceptId?: string) {
  const { username, email } = values;
  if (username === undefined && email === undefined) return false;
  let query = db
    .selectFrom('users')
    .select('id')
    .where('deleted', '=', 0)
    .where((eb) =>
      eb.or([
        ...(username !== undefined ? [eb('username', '=', username)] : []),
        ...(email !== undefined ? [eb('email', '=', email)] : []),
      ]),
    );
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertUser(db: Db, row: NewUserRow): Promise<UserRow> {
  return db.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(db: Db, id: string, patch: UserUpdate): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set(patch)
    .where('id', '=', id)
    .where('deleted', '=', 0)
    .returningAll()
    .executeTakeFirst();
}

export async function softDeleteUser(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ deleted: 1, updated_at: at })
    .where('id', '=', id)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
