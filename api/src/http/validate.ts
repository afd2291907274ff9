import { validator } from 'hono/validator';
import type { z } from 'zod';
import { ApiError, MESSAGES, fail } from './envelope';

const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

/**
 * Validates a JSON body with a sync-protocol schema. A bad body answers 400 with the first issue's
 * Japanese message (the one the user can act on) and the handler never runs, so nothing changes.
 */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return validator('json', (value, c) => {
    if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) {
      return fail(c, 400, 'VALIDATION_ERROR', MESSAGES.malformed);
    }
    // Schema messages win; an issue without one (a missing or mistyped field) gets the general
    // Japanese message instead of zod's English default.
    const parsed = schema.safeParse(value, { error: () => MESSAGES.malformed });
    if (!parsed.success) {
      return fail(c, 400, 'VALIDATION_ERROR', parsed.error.issues[0]?.message ?? MESSAGES.malformed);
    }
    return parsed.data;
  });
}

/** Validates the query string with a schema, the same way: 400 with the first issue's Japanese message. */
export function queryParams<T extends z.ZodType>(schema: T, fallback: string) {
  return validator('query', (value, c) => {
    const parsed = schema.safeParse(value, { error: () => fallback });
    if (!parsed.success) return fail(c, 400, 'VALIDATION_ERROR', parsed.error.issues[0]?.message ?? fallback);
    return parsed.data;
  });
}

/**
 * A JSON body read as text whatever its declared type: a page being closed sends with sendBeacon,
 * which sends text/plain. Text that is not JSON answers 400 with `message`.
 */
export function parseJsonText(text: string, message: string = MESSAGES.malformed): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'VALIDATION_ERROR', message);
  }
}
