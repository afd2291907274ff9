import { createMiddleware } from 'hono/factory';
import { ApiError } from './envelope';
import { requestInfo } from './request-info';

export const RATE_LIMITED_MESSAGE = '送信が多すぎます。しばらくしてからもう一度お試しください';

export interface RateLimitOptions {
  /** Requests allowed per address within one window. */
  max: number;
  windowMs: number;
  now: () => Date;
}

/**
 * A fixed-window count per remote address, in memory. It guards the routes a device may call
 * without logging in (device error logs, operation logs): one address cannot fill the database.
 * One server process serves the clinic, so memory is the right place; a restart only forgives.
 * Each call makes its own counter, so routes mounted separately are counted separately.
 */
export function rateLimit(options: RateLimitOptions) {
  const windows = new Map<string, { start: number; count: number }>();
  return createMiddleware(async (c, next) => {
    const now = options.now().getTime();
    const key = requestInfo(c).ip ?? 'unknown';
    if (windows.size > 10_000) sweep(windows, now - options.windowMs);
    const current = windows.get(key);
    const window = current && now - current.start < options.windowMs ? current : { start: now, count: 0 };
    window.count += 1;
    windows.set(key, window);
    if (window.count > options.max) {
      c.header('Retry-After', String(Math.ceil((window.start + options.windowMs - now) / 1000)));
      throw new ApiError(429, 'RATE_LIMITED', RATE_LIMITED_MESSAGE);
    }
    await next();
  });
}

function sweep(windows: Map<string, { start: number }>, before: number) {
  for (const [key, window] of windows) if (window.start < before) windows.delete(key);
}
