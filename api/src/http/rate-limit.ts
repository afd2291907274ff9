import { createMiddleware } from 'hono/factory';
import type { SharedState } from '../cluster/shared-state';
import { ApiError } from './envelope';
import { requestInfo } from './request-info';

export const RATE_LIMITED_MESSAGE = '送信が多すぎます。しばらくしてからもう一度お試しください';

export interface RateLimitOptions {
  /** Requests allowed per address within one window. */
  max: number;
  windowMs: number;
  now: () => Date;
  /** Where the counts are kept: this process's memory, or PostgreSQL for a cluster (cluster/shared-state.ts). */
  state: SharedState;
  /** Tells this limit's counts from other limits' in the shared state (routes mounted separately count separately). */
  name: string;
}

/**
 * A fixed-window count per remote address. It guards the routes a device may call without logging
 * in (device error logs, operation logs): one address cannot fill the database. One server process
 * keeps the counts in memory (a restart only forgives); several on PostgreSQL keep them there, so the
 * limit holds for all of them together.
 */
export function rateLimit(options: RateLimitOptions) {
  return createMiddleware(async (c, next) => {
    const now = options.now().getTime();
    const key = `rate:${options.name}:${requestInfo(c).ip ?? 'unknown'}`;
    const window = (await options.state.add(key, 1, options.windowMs))!;
    if (window.count > options.max) {
      c.header('Retry-After', String(Math.ceil((window.start + options.windowMs - now) / 1000)));
      throw new ApiError(429, 'RATE_LIMITED', RATE_LIMITED_MESSAGE);
    }
    await next();
  });
}
