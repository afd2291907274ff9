import type { LoginResponse } from '@clinic/sync-protocol';
import type { Ctx } from '../deps';
import type { Db } from '../db/dialect';
import type { UserRow } from '../db/database';
import { recordAudit } from '../audit/audit.repository';
import { ApiError, MESSAGES } from '../http/envelope';
import type { RequestInfo } from '../http/request-info';
import { findUserByLogin, toUser } from '../users/users.repository';
import { recordFailedLogin, recordFailedUnknownLogin, recordSuccessfulLogin, unknownLoginLockedUntil } from './lockout.repository';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';
import {
  findLiveSession,
  findRefreshToken,
  insertRefreshToken,
  insertSession,
  markRefreshTokenUsed,
  revokeSession,
  revokeUserSessions,
} from './sessions.repository';
import { hashRefreshToken, newRefreshToken, signAccessToken } from './tokens';

export const AUTH_MESSAGES = {
  invalidCredentials: 'ユーザー名（メールアドレス）またはパスワードが正しくありません',
  tooManyAttempts: 'ログイン試行回数が上限を超えました。15分後に再試行してください。',
} as const;

const invalidCredentials = () => new ApiError(401, 'INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials);
const tooManyAttempts = () => new ApiError(429, 'TOO_MANY_LOGIN_ATTEMPTS', AUTH_MESSAGES.tooManyAttempts);
const unauthorized = () => new ApiError(401, 'UNAUTHORIZED', MESSAGES.unauthorized);

export async function login(ctx: Ctx, login: string, password: string, info: RequestInfo): Promise<LoginResponse> {
  const { db } = ctx;
  const now = ctx.now();
  const audit = (user: UserRow | undefined, action: string, detail?: Record<string, unknown>) =>
    recordAudit(db, {
      userId: user?.id ?? null,
      username: user?.username ?? login,
      action,
      entity: 'user',
      entityId: user?.id ?? null,
      clientId: info.clientId,
      ip: info.ip,
      at: now,
      ...(detail ? { detail } : {}),
    });

  const user = await findUserByLogin(db, login);
  if (!user) {
    // Answered as an account would be, lockout and time included: the answers do not tell which names exist.
    const lockedUntil = await unknownLoginLockedUntil(db, login, now);
    if (lockedUntil !== null) {
      await audit(undefined, 'login_locked', { lockedUntil });
      throw tooManyAttempts();
    }
    await verifyAgainstDummy(password, ctx.config.passwordHashCost);
    const locked = await recordFailedUnknownLogin(db, login, now);
    await audit(undefined, 'login_failure', { reason: 'unknown_user' });
    if (locked) await audit(undefined, 'login_locked', { reason: 'too_many_failures' });
    throw invalidCredentials();
  }
  // While locked the answer is the same whatever the password, so a guesser learns nothing.
  if (user.locked_until !== null && user.locked_until > now.toISOString()) {
    await audit(user, 'login_locked', { lockedUntil: user.locked_until });
    throw tooManyAttempts();
  }
  if (!(await verifyPassword(password, user.password_hash))) {
    const locked = await recordFailedLogin(db, user.id, now);
    await audit(user, 'login_failure', { reason: 'wrong_password' });
    if (locked) await audit(user, 'login_locked', { reason: 'too_many_failures' });
    throw invalidCredentials();
  }

  return db.transaction().execute(async (trx) => {
    await recordSuccessfulLogin(trx, user.id, now);
    const sessionId = crypto.randomUUID();
    const expiresAt = new Date(now.getTime() + ctx.config.sessionTtlSeconds * 1000);
    await insertSession(trx, {
      id: sessionId,
      user_id: user.id,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      ip: info.ip,
      user_agent: info.userAgent,
    });
    await recordAudit(trx, {
      userId: user.id,
      username: user.username,
      action: 'login_success',
      entity: 'user',
      entityId: user.id,
      clientId: info.clientId,
      ip: info.ip,
      at: now,
    });
    const tokens = await issueTokens(ctx, trx, user, sessionId, expiresAt, now);
    return { ...tokens, user: toUser({ ...user, last_login: now.toISOString() }) };
  });
}

/** Rotating refresh: each token works once; a second use means it leaked, so the session ends. */
export async function refresh(ctx: Ctx, refreshToken: string): Promise<LoginResponse> {
  const now = ctx.now();
  const nowIso = now.toISOString();
  const tokenHash = hashRefreshToken(refreshToken);
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const stored = await findRefreshToken(trx, tokenHash);
    if (!stored) return { ok: false as const };
    if (!(await markRefreshTokenUsed(trx, tokenHash, nowIso))) {
      await revokeSession(trx, stored.session_id, 'refresh_reuse', nowIso);
      const live = await trx.selectFrom('sessions').select('user_id').where('id', '=', stored.session_id).executeTakeFirst();
      await recordAudit(trx, {
        userId: live?.user_id ?? null,
        username: null,
        action: 'refresh_reuse',
        entity: 'session',
        entityId: stored.session_id,
        at: now,
      });
      return { ok: false as const };
    }
    const live = await findLiveSession(trx, stored.session_id, nowIso);
    if (!live) return { ok: false as const };
    const expiresAt = new Date(live.session.expires_at);
    const tokens = await issueTokens(ctx, trx, live.user, live.session.id, expiresAt, now);
    return { ok: true as const, value: { ...tokens, user: toUser(live.user) } };
  });
  if (!outcome.ok) throw unauthorized();
  return outcome.value;
}

/** A new access token and refresh token for a session; neither outlives the session. */
async function issueTokens(ctx: Ctx, db: Db, user: UserRow, sessionId: string, expiresAt: Date, now: Date) {
  const remaining = Math.max(1, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  const accessTtl = Math.min(ctx.config.accessTokenTtlSeconds, remaining);
  const accessToken = await signAccessToken(
    { sub: user.id, sid: sessionId, role: user.role },
    ctx.config.tokenSecret,
    now,
    accessTtl,
  );
  const refreshToken = newRefreshToken();
  await insertRefreshToken(db, hashRefreshToken(refreshToken), sessionId, now.toISOString());
  return { accessToken, refreshToken, expiresIn: remaining, accessTokenExpiresIn: accessTtl };
}

export const CHANGE_PASSWORD_MESSAGES = {
  wrongCurrent: '現在のパスワードが正しくありません',
} as const;

/** Changes the caller's password and ends their other sessions (a thief's among them); keeps this one. */
export async function changePassword(
  ctx: Ctx,
  caller: { user: UserRow; sessionId: string },
  currentPassword: string,
  newPassword: string,
  info: RequestInfo,
): Promise<void> {
  if (!(await verifyPassword(currentPassword, caller.user.password_hash))) {
    throw new ApiError(400, 'VALIDATION_ERROR', CHANGE_PASSWORD_MESSAGES.wrongCurrent);
  }
  const hash = await hashPassword(newPassword, ctx.config.passwordHashCost);
  const now = ctx.now();
  const nowIso = now.toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: hash, updated_at: nowIso }).where('id', '=', caller.user.id).execute();
    await revokeUserSessions(trx, caller.user.id, 'password_changed', nowIso, caller.sessionId);
    await recordAudit(trx, {
      userId: caller.user.id,
      username: caller.user.username,
      action: 'password_change',
      entity: 'user',
      entityId: caller.user.id,
      clientId: info.clientId,
      ip: info.ip,
      at: now,
    });
  });
}

export async function logout(ctx: Ctx, caller: { user: UserRow; sessionId: string }, info: RequestInfo): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await revokeSession(trx, caller.sessionId, 'logout', now.toISOString());
    await recordAudit(trx, {
      userId: caller.user.id,
      username: caller.user.username,
      action: 'logout',
      entity: 'session',
      entityId: caller.sessionId,
      clientId: info.clientId,
      ip: info.ip,
      at: now,
    });
  });
}
