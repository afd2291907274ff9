import { Hono, type Context } from 'hono';
import { createUserSchema, updateUserSchema } from '@clinic/sync-protocol';
import type { Ctx } from '../deps';
import type { AppEnv } from '../http/app-env';
import { requireAuth, requireRole } from '../http/auth-middleware';
import { ok } from '../http/envelope';
import { requestInfo } from '../http/request-info';
import { jsonBody } from '../http/validate';
import { listUsers, toManagedUser } from './users.repository';
import { createUser, deleteUserById, unlockUserById, updateUserById } from './users.service';

/** User management, admin only. Mounted at /api/users and at the spec's alias /api/auth/users. */
export function usersRoutes(ctx: Ctx) {
  const actor = (c: Context<AppEnv>) => ({ user: c.var.auth.user, info: requestInfo(c) });
  return new Hono<AppEnv>()
    .use(requireAuth(ctx), requireRole('admin'))
    .get('/', async (c) => {
      const now = ctx.now();
      return ok(
        c,
        (await listUsers(ctx.db)).map((row) => toManagedUser(row, now)),
      );
    })
    .post('/', jsonBody(createUserSchema), async (c) =>
      ok(c, await createUser(ctx, actor(c), c.req.valid('json')), 201),
    )
    .put('/:id', jsonBody(updateUserSchema), async (c) =>
      ok(c, await updateUserById(ctx, actor(c), c.req.param('id'), c.req.valid('json'))),
    )
    .post('/:id/unlock', async (c) => ok(c, await unlockUserById(ctx, actor(c), c.req.param('id'))))
    .delete('/:id', async (c) => {
      await deleteUserById(ctx, actor(c), c.req.param('id'));
      return ok(c, { id: c.req.param('id') });
    });
}
