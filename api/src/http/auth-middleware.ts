import { createMiddleware } from 'hono/factory';
import { roleSatisfies, type Role } from '@clinic/sync-protocol';
import type { Ctx } from '../deps';
import { findLiveSession } from '../auth/sessions.repository';
import { verifyAccessToken } from '../auth/tokens';
import type { AppEnv } from './app-env';
import { ApiError, MESSAGES } from './envelope';

/**
 * Verifies the bearer JWT and then the session row on every request, so a revoked session, a
 * deleted user or a role change takes effect at once rather than when the token expires.
 */
export function requireAuth(ctx: Ctx) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new ApiError(401, 'UNAUTHORIZED', MESSAGES.unauthorized);
    const claims = await verifyAccessToken(match[1], ctx.config.tokenSecret);
    const live = await findLiveSession(ctx.db, claims.sid, ctx.now().toISOString());
    if (!live || live.user.id !== claims.sub) throw new ApiError(401, 'UNAUTHORIZED', MESSAGES.unauthorized);
    c.set('auth', { user: live.user, sessionId: live.session.id });
    await next();
  });
}

/** Must follow requireAuth. Uses the role from the database, not the token. */
export function requireRole(role: Role) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!roleSatisfies(c.var.auth.user.role, role)) throw new ApiError(403, 'FORBIDDEN', MESSAGES.forbidden);
    await next();
  });
}
