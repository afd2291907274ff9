import { Hono } from 'hono';
import { changePasswordSchema, loginRequestSchema, refreshRequestSchema } from '@clinic/sync-protocol';
import type { Ctx } from '../deps';
import type { AppEnv } from '../http/app-env';
import { requireAuth } from '../http/auth-middleware';
import { ok } from '../http/envelope';
import { requestInfo } from '../http/request-info';
import { jsonBody } from '../http/validate';
import { toUser } from '../users/users.repository';
import { changePassword, login, logout, refresh } from './auth.service';

/** /api/auth: login, token refresh, logout, who-am-I and own password change (spec 7 "Auth"). */
export function authRoutes(ctx: Ctx) {
  const auth = requireAuth(ctx);
  return new Hono<AppEnv>()
    .post('/login', jsonBody(loginRequestSchema), async (c) => {
      const { email, password } = c.req.valid('json');
      return ok(c, await login(ctx, email, password, requestInfo(c)));
    })
    .post('/refresh', jsonBody(refreshRequestSchema), async (c) => {
      return ok(c, await refresh(ctx, c.req.valid('json').refreshToken));
    })
    .post('/logout', auth, async (c) => {
      await logout(ctx, c.var.auth, requestInfo(c));
      return ok(c, null);
    })
    .post('/verify-token', auth, (c) => ok(c, { valid: true, user: toUser(c.var.auth.user) }))
    .get('/me', auth, (c) => ok(c, toUser(c.var.auth.user)))
    .put('/change-password', auth, jsonBody(changePasswordSchema), async (c) => {
      const { currentPassword, newPassword } = c.req.valid('json');
      await changePassword(ctx, c.var.auth, currentPassword, newPassword, requestInfo(c));
      return ok(c, null);
    });
}
