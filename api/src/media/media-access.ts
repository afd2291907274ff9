import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { findLiveSession } from '../auth/sessions.repository';
import type { Ctx } from '../deps';
import type { AppEnv } from '../http/app-env';
import { requireAuth } from '../http/auth-middleware';
import { ApiError } from '../http/envelope';
import { requestInfo } from '../http/request-info';
import { verifyLink } from './media-link';
import { MEDIA_SERVER_MESSAGES as M } from './media-messages';

/** Who reads a file, by token or by a link made for them, for the audit log. */
export type Reader = {
  user: { id: string; username: string };
  ip: string | null;
  /** The device reading: its header, or the `cid` its link was made with (an <img src> sends no header). */
  clientId: string | null;
  via: 'token' | 'link';
};
// Optional, so the app's requireAuth (typed for AppEnv) runs in this sub-app as it is.
export type MediaEnv = { Variables: AppEnv['Variables'] & { reader?: Reader } };

/** The reader tokenOrLink found; only routes behind it ask. */
export function readerOf(c: Context<MediaEnv>): Reader {
  const reader = c.var.reader;
  if (!reader) throw new Error('tokenOrLink must run before this route');
  return reader;
}

/**
 * A file is served to a logged-in user: a bearer token, or `?sig=&exp=` from POST /:id/link (a
 * <video src> or <img src> sends no header). A link works for its one file, for 15 minutes, while the
 * session it was made in is still live. A bad link is 403, not 401, so the app does not log out.
 */
export function tokenOrLink(ctx: Ctx, key: Buffer) {
  const auth = requireAuth(ctx);
  return createMiddleware<MediaEnv>(async (c, next) => {
    const { ip, clientId } = requestInfo(c);
    if (c.req.header('authorization') !== undefined || c.req.query('sig') === undefined) {
      return auth(c, async () => {
        c.set('reader', { user: c.var.auth.user, ip, clientId, via: 'token' });
        await next();
      });
    }
    const now = ctx.now();
    const sessionId = verifyLink(key, c.req.param('id') ?? '', c.req.query('sig'), c.req.query('exp'), now);
    // The link ends with the session that made it: a logout, a password change or a deleted user ends it.
    const live = sessionId ? await findLiveSession(ctx.db, sessionId, now.toISOString()) : undefined;
    if (!live) throw new ApiError(403, 'FORBIDDEN', M.linkInvalid);
    c.set('reader', {
      user: live.user,
      ip,
      clientId: clientId ?? c.req.query('cid')?.slice(0, 64) ?? null,
      via: 'link',
    });
    await next();
  });
}
