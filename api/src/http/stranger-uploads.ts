import { createMiddleware } from 'hono/factory';
import type { Ctx } from '../deps';
import type { AppEnv } from './app-env';
import { ApiError } from './envelope';
import { senderOf } from './known-sender';
import { RATE_LIMITED_MESSAGE } from './rate-limit';

/**
 * How many uploads a second, all together, the routes without login store for senders the clinic does
 * not know (a burst first). Each stored log is a write the database makes durable on its own (on
 * SQLite a synchronous fsync in the event loop): a flood from twenty addresses, each within its own
 * limit, stored some twenty a second and kept every honest request waiting. The clinic's own (a
 * registered device, a signed-in session, an address someone logged in from lately) are not counted.
 */
export interface StrangerUploadLimits {
  perSecond: number;
  burst: number;
}

/** Some 7,000 an hour: hundreds of devices that have no login yet, each sending every few seconds. */
export const STRANGER_UPLOAD_LIMITS: StrangerUploadLimits = { perSecond: 2, burst: 10 };

/** A budget of `perSecond` takes a second, up to `burst` saved. */
export function perSecondBudget(limits: StrangerUploadLimits, clock: () => number = () => performance.now()) {
  let tokens = limits.burst;
  let at = clock();
  return {
    take(): boolean {
      if (limits.perSecond === Infinity) return true;
      const now = clock();
      tokens = Math.min(limits.burst, tokens + ((now - at) / 1000) * limits.perSecond);
      at = now;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

export type StrangerBudget = ReturnType<typeof perSecondBudget>;

/**
 * Before the body is read: an upload from a stranger past the budget is answered 429 at once (the
 * device keeps its log and sends it later). The sender is kept for the handler's quota (`sender`).
 */
export function strangerUploads(ctx: Ctx) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const sender = await senderOf(ctx, c);
    c.set('sender', sender);
    if (!sender.trusted && !(await ctx.loginThrottle.knows(sender.address)) && !ctx.strangerUploads.take()) {
      c.header('Retry-After', '1');
      throw new ApiError(429, 'RATE_LIMITED', RATE_LIMITED_MESSAGE);
    }
    await next();
  });
}
