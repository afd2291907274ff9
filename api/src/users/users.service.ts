import type { ManagedUser, User, createUserSchema, updateUserSchema } from '@clinic/sync-protocol';
import type { z } from 'zod';
import type { Ctx } from '../deps';
import type { Db } from '../db/dialect';
import { isUniqueViolation } from '../db/dialect';
import type { UserRow, UserUpdate } from '../db/database';
import { recordAudit } from '../audit/audit.repository';
import { hashPassword } from '../auth/password';
import { revokeUserSessions } from '../auth/sessions.repository';
import { countPasswordChange } from '../auth/sign-in-stamp';
import { ApiError } from '../http/envelope';
import type { RequestInfo } from '../http/request-info';
import {
  countUsers,
  findUserById,
  insertUser,
  isTaken,
  softDeleteUser,
  toManagedUser,
  toUser,
  updateUser,
} from './users.repository';

export const USER_MESSAGES = {
  conflict: 'このユーザー名またはメールアドレスは既に使用されています',
  notFound: 'ユーザーが見つかりません',
  cannotDeleteSelf: '自分のアカウントは削除できません',
  lastAdmin: '管理者が一人もいなくなるため、この操作はできません',
} as const;

type NewUser = z.output<typeof createUserSchema>;
type UserPatch = z.output<typeof updateUserSchema>;

interface Actor {
  user: UserRow;
  info: RequestInfo;
}

const conflict = () => new ApiError(409, 'CONFLICT', USER_MESSAGES.conflict);
const notFound = () => new ApiError(404, 'NOT_FOUND', USER_MESSAGES.notFound);

async function audit(db: Db, actor: Actor, action: string, target: string, detail: Record<string, unknown>, at: Date) {
  await recordAudit(db, {
    userId: actor.user.id,
    username: actor.user.username,
    action,
    entity: 'user',
    entityId: target,
    clientId: actor.info.clientId,
    ip: actor.info.ip,
    detail,
    at,
  });
}

/** The pre-check gives the friendly 409; the unique index still guards a race between two admins. */
async function guardUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict();
    throw error;
  }
}

export async function createUser(ctx: Ctx, actor: Actor, input: NewUser): Promise<User> {
  const passwordHash = await hashPassword(input.password, ctx.config.passwordHashCost);
  const now = ctx.now();
  const row = await guardUnique(() =>
    ctx.db.transaction().execute(async (trx) => {
      if (await isTaken(trx, input)) throw conflict();
      const created = await insertUser(trx, {
        id: crypto.randomUUID(),
        username: input.username,
        display_name: input.display_name ?? null,
        email: input.email,
        password_hash: passwordHash,
        role: input.role,
        treats: input.treats ? 1 : 0,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        last_login: null,
        first_failed_login_at: null,
        locked_until: null,
      });
      await audit(
        trx,
        actor,
        'user_create',
        created.id,
        { username: created.username, displayName: created.display_name, email: created.email, role: created.role },
        now,
      );
      return created;
    }),
  );
  return toUser(row);
}

export async function updateUserById(ctx: Ctx, actor: Actor, id: string, input: UserPatch): Promise<User> {
  const passwordHash =
    input.password === undefined ? undefined : await hashPassword(input.password, ctx.config.passwordHashCost);
  const now = ctx.now();
  const nowIso = now.toISOString();
  const row = await guardUnique(() =>
    ctx.db.transaction().execute(async (trx) => {
      const before = await findUserById(trx, id);
      if (!before) throw notFound();
      if (await isTaken(trx, { username: input.username, email: input.email }, id)) throw conflict();
      const demotesAdmin = before.role === 'admin' && input.role === 'staff';
      if (demotesAdmin && (await countUsers(trx, { role: 'admin' })) <= 1) {
        throw new ApiError(409, 'CONFLICT', USER_MESSAGES.lastAdmin);
      }
      const patch: UserUpdate = { updated_at: nowIso };
      if (input.username !== undefined) patch.username = input.username;
      if (input.email !== undefined) patch.email = input.email;
      if (input.display_name !== undefined) patch.display_name = input.display_name;
      if (input.role !== undefined) patch.role = input.role;
      if (input.treats !== undefined) patch.treats = input.treats ? 1 : 0;
      if (passwordHash !== undefined) patch.password_hash = passwordHash;
      const after = await updateUser(trx, id, patch);
      if (!after) throw notFound();
      if (passwordHash !== undefined) await countPasswordChange(trx, id);
      const changed = (['username', 'display_name', 'email', 'role', 'treats'] as const).filter(
        (k) => before[k] !== after[k],
      );
      // A new role or password must not keep working under tokens issued for the old one.
      if (before.role !== after.role || passwordHash !== undefined) {
        await revokeUserSessions(trx, id, 'user_updated', nowIso);
      }
      await audit(trx, actor, 'user_update', id, { changed, passwordChanged: passwordHash !== undefined }, now);
      return after;
    }),
  );
  return toUser(row);
}

export async function deleteUserById(ctx: Ctx, actor: Actor, id: string): Promise<void> {
  if (id === actor.user.id) throw new ApiError(400, 'VALIDATION_ERROR', USER_MESSAGES.cannotDeleteSelf);
  const now = ctx.now();
  const nowIso = now.toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const target = await findUserById(trx, id);
    if (!target || !(await softDeleteUser(trx, id, nowIso))) throw notFound();
    await revokeUserSessions(trx, id, 'user_deleted', nowIso);
    await audit(trx, actor, 'user_delete', id, { username: target.username, email: target.email }, now);
  });
}

/** Ends the lock that failed logins put on an account, and forgets those failures. */
export async function unlockUserById(ctx: Ctx, actor: Actor, id: string): Promise<ManagedUser> {
  const now = ctx.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const before = await findUserById(trx, id);
    if (!before) throw notFound();
    const after = await updateUser(trx, id, {
      locked_until: null,
      failed_login_count: 0,
      first_failed_login_at: null,
      updated_at: now.toISOString(),
    });
    if (!after) throw notFound();
    await audit(
      trx,
      actor,
      'user_unlock',
      id,
      { lockedUntil: before.locked_until, failedLoginCount: Number(before.failed_login_count) },
      now,
    );
    return after;
  });
  return toManagedUser(row, now);
}
