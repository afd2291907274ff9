import { createMiddleware } from 'hono/factory';
import { ApiError } from './envelope';

export const OTHER_SITE_MESSAGE = '別のサイトからの送信は受け付けられません。このアプリの画面から操作してください';

/** Methods that only read; everything else changes something. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing request that a page of another site made a browser send (its `Origin`
 * names that site): the anonymous log uploads take no token, and a form post from elsewhere must
 * not reach any route. A request without `Origin` stays allowed: a native Android client, curl and
 * the tablets' sendBeacon of older browsers send none, and a browser always sends it cross-site.
 * A page served over HTTPS by a proxy in front of this plain-HTTP server is still our own site:
 * an `https:` Origin with our host is accepted even when TRUST_PROXY does not say so.
 */
export function sameOriginOnly() {
  return createMiddleware(async (c, next) => {
    const origin = c.req.header('origin');
    if (origin !== undefined && !READS.has(c.req.method) && !isOwn(origin, c.get('client').ownOrigin)) {
      throw new ApiError(403, 'FORBIDDEN', OTHER_SITE_MESSAGE);
    }
    await next();
  });
}

function isOwn(origin: string, own: string): boolean {
  // `null` (a sandboxed frame, a file, a redirect across sites) names no site we can trust.
  const sent = URL.canParse(origin) ? new URL(origin) : null;
  if (!sent || sent.origin === 'null' || sent.origin !== origin.toLowerCase().replace(/\/$/, '')) return false;
  const ours = new URL(own);
  return sent.host === ours.host && (sent.protocol === ours.protocol || sent.protocol === 'https:');
}
