import type { LoginResponse } from '@clinic/sync-protocol';
import type { Ctx } from '../deps';
import type { Db } from '../db/dialect';
import type { UserRow } from '../db/database';
import { recordAudit } from '../audit/audit.repository';
import { ApiError, MESSAGES } from '../http/envelope';
import type { RequestInfo } from '../http/request-info';
import { findUserByLogin, toUser } from '../users/users.repository';
import {
  recordFailedLogin,
  recordFailedUnknownLogin,
  recordSuccessfulLogin,
  unknownLoginLockedUntil,
} from './lockout.repository';
import { loginKey, unknownLoginLabel } from './login-key';
import { HashLaneFull } from './hash-pool';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password';
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
import { countPasswordChange, signInStamp } from './sign-in-stamp';

export const AUTH_MESSAGES = {
  invalidCredentials: 'ユーザー名（メールアドレス）またはパスワードが正しくありません',
  tooManyAttempts: 'ログイン試行回数が上限を超えました。15分後に再試行してください。',
} as const;

const invalidCredentials = () => new ApiError(401, 'INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials);
const tooManyAttempts = () => new ApiError(429, 'TOO_MANY_LOGIN_ATTEMPTS', AUTH_MESSAGES.tooManyAttempts);
const unauthorized = () => new ApiError(401, 'UNAUTHORIZED', MESSAGES.unauthorized);

/** The address already has its most checks waiting: refused as a lockout is, before any hashing. */
const laneFull = (error: unknown): null => {
  if (error instanceof HashLaneFull) return null;
  throw error;
};

export async function login(ctx: Ctx, login: string, password: string, info: RequestInfo): Promise<LoginResponse> {
  const { db, loginThrottle: throttle } = ctx;
  const now = ctx.now();
  const address = info.ip ?? 'unknown';
  // An address that has failed too often is refused before anything else is read or hashed: its
  // attempts cost the server no scrypt and cannot lock the accounts it aims at any further.
  if ((await throttle.blocked(address)) || !(await throttle.mayCheck(address))) throw tooManyAttempts();
  const user = await findUserByLogin(db, login);
  // An ID that names no account is never stored as typed (it may be a password typed in the wrong
  // field): its keyed hash counts its failures and tells its audit rows apart.
  const key = user ? null : loginKey(ctx.config.tokenSecret, login);
  const audit = (action: string, detail?: Record<string, unknown>) =>
    recordAudit(db, {
      userId: user?.id ?? null,
      username: user?.username ?? unknownLoginLabel(key!),
      action,
      entity: 'user',
      entityId: user?.id ?? null,
      clientId: info.clientId,
      ip: info.ip,
      at: now,
      ...(detail ? { detail } : {}),
    });
  const cost = ctx.config.passwordHashCost;
  const turn = await throttle.turnOf(address);
  /** The check in the fair hashing queue; null when the address or account has too many under way. */
  const check = (run: () => Promise<boolean>) =>
    throttle.forAccount(user?.id ?? key!, () => run().catch(laneFull)).then((ok) => ok ?? 'busy');
  const failed = async (reason: string, locked: boolean) => {
    const addressLocked = await throttle.fail(address);
    await audit('login_failure', { reason, ...(key ? { loginKey: key } : {}) });
    if (locked) await audit('login_locked', { reason: 'too_many_failures', ...(key ? { loginKey: key } : {}) });
    if (addressLocked) await audit('login_locked', { reason: 'address_too_many_failures' });
    throw invalidCredentials();
  };

  if (!user) {
    // Answered as an account would be, lockout and time included: the answers do not tell which names exist.
    const lockedUntil = await unknownLoginLockedUntil(db, key!, now);
    if (lockedUntil !== null) {
      if (await throttle.firstRefusal(key!, lockedUntil)) await audit('login_locked', { lockedUntil, loginKey: key });
      throw tooManyAttempts();
    }
    if ((await check(() => verifyAgainstDummy(password, cost, turn))) === 'busy') throw tooManyAttempts();
    return failed('unknown_user', await recordFailedUnknownLogin(db, key!, now));
  }
  // While locked the answer is the same whatever the password, so a guesser learns nothing.
  if (isLocked(user, now)) {
    if (await throttle.firstRefusal(user.id, user.locked_until!))
      await audit('login_locked', { lockedUntil: user.locked_until });
    throw tooManyAttempts();
  }
  const verified = await check(() => verifyPassword(password, user.password_hash, turn));
  if (verified === 'busy') throw tooManyAttempts();
  if (!verified) return failed('wrong_password', await recordFailedLogin(db, user.id, now));
  await throttle.succeed(address);
  // The password is known only now: a hash of an older cost is made again at today's. Hashed before
  // the transaction, which must not wait on scrypt while it holds the database.
  const rehashed = needsRehash(user.password_hash, ctx.config.passwordHashCost)
    ? await hashPassword(password, ctx.config.passwordHashCost)
    : null;

  return db.transaction().execute(async (trx) => {
    await recordSuccessfulLogin(trx, user.id, now);
    if (rehashed !== null) {
      // Only over the hash just checked: a password changed meanwhile is not overwritten.
      await trx
        .updateTable('users')
        .set({ password_hash: rehashed })
        .where('id', '=', user.id)
        .where('password_hash', '=', user.password_hash)
        .execute();
    }
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
    const shown = toUser({ ...user, last_login: now.toISOString() });
    return { ...tokens, user: shown, signInStamp: signInStamp(ctx.config.tokenSecret, user) };
  });
}

const isLocked = (user: UserRow, now: Date) => user.locked_until !== null && user.locked_until > now.toISOString();

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
      const live = await trx
        .selectFrom('sessions')
        .select('user_id')
        .where('id', '=', stored.session_id)
        .executeTakeFirst();
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
    const stamp = signInStamp(ctx.config.tokenSecret, live.user);
    return { ok: true as const, value: { ...tokens, user: toUser(live.user), signInStamp: stamp } };
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

/**
 * Changes the caller's password and ends their other sessions (a thief's among them); keeps this one.
 * A wrong current password counts as a failed login (5 in 15 minutes lock the account for 15 minutes),
 * or a stolen session could guess the password without limit; each failure and the lock are audited.
 */
export async function changePassword(
  ctx: Ctx,
  caller: { user: UserRow; sessionId: string },
  currentPassword: string,
  newPassword: string,
  info: RequestInfo,
): Promise<void> {
  const { user } = caller;
  const now = ctx.now();
  const audit = (action: string, detail?: Record<string, unknown>) =>
    recordAudit(ctx.db, {
      userId: user.id,
      username: user.username,
      action,
      entity: 'user',
      entityId: user.id,
      clientId: info.clientId,
      ip: info.ip,
      at: now,
      ...(detail ? { detail } : {}),
    });
  // The row is the one read for this request, so a lock set by a login a moment ago is seen here too.
  if (isLocked(user, now)) {
    await audit('login_locked', { lockedUntil: user.locked_until, via: 'change_password' });
    throw tooManyAttempts();
  }
  const address = info.ip ?? 'unknown';
  if (await ctx.loginThrottle.blocked(address)) throw tooManyAttempts();
  const turn = await ctx.loginThrottle.turnOf(address);
  const verified = await verifyPassword(currentPassword, user.password_hash, turn).catch(laneFull);
  if (verified === null) throw tooManyAttempts();
  if (!verified) {
    await ctx.loginThrottle.fail(address);
    const locked = await recordFailedLogin(ctx.db, user.id, now);
    await audit('password_change_failure', { reason: 'wrong_current_password' });
    if (locked) await audit('login_locked', { reason: 'too_many_failures', via: 'change_password' });
    throw new ApiError(400, 'VALIDATION_ERROR', CHANGE_PASSWORD_MESSAGES.wrongCurrent);
  }
  const hash = await hashPassword(newPassword, ctx.config.passwordHashCost);
  const nowIso = now.toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    // The right password ends the count of failures, as a successful login does.
    await trx
      .updateTable('users')
      .set({ password_hash: hash, updated_at: nowIso, failed_login_count: 0, first_failed_login_at: null })
      .where('id', '=', user.id)
      .execute();
    await countPasswordChange(trx, user.id);
    await revokeUserSessions(trx, user.id, 'password_changed', nowIso, caller.sessionId);
    await recordAudit(trx, {
      userId: user.id,
      username: user.username,
      action: 'password_change',
      entity: 'user',
      entityId: user.id,
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
