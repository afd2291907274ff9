import { DEVICE_NAME_HEADER, decodeDeviceName } from '@clinic/sync-protocol/settings';
import { createMiddleware } from 'hono/factory';
import type { Ctx } from '../deps';
import type { AppEnv } from '../http/app-env';
import { requestInfo } from '../http/request-info';
import { saveDeviceName } from './device-names.repository';

/** Devices whose name is remembered in memory, so a request writes only when a name changes. */
const CACHE_LIMIT = 1000;

/**
 * Remembers the name a device sends with its requests (X-Device-Name, beside X-Client-Id), for the
 * access log. Only from a request that turned out to be logged in: an anonymous caller must not
 * rename a clinic's devices. A failure to store it never fails the request it came with.
 */
export function rememberDeviceNames(ctx: Ctx) {
  const known = new Map<string, string>();
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const { clientId } = requestInfo(c);
    const name = decodeDeviceName(c.req.header(DEVICE_NAME_HEADER));
    // `auth` is set only by requireAuth, on the routes that need a login, and only when it passed.
    const loggedIn = (c.var as Partial<AppEnv['Variables']>).auth !== undefined;
    if (!clientId || name === null || !loggedIn || known.get(clientId) === name) return;
    try {
      await saveDeviceName(ctx.db, clientId, name, ctx.now());
      if (known.size >= CACHE_LIMIT) known.clear();
      known.set(clientId, name);
    } catch {
      // The name shows again with the device's next request.
    }
  });
}
