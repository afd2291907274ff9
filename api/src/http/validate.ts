import type { MiddlewareHandler } from 'hono';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { MESSAGES, fail } from './envelope';
import { parseBoundedJson } from './json-bounds';

const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

type JsonInput<T extends z.ZodType> = { in: { json: z.input<T> }; out: { json: z.output<T> } };

/**
 * Validates a JSON body with a sync-protocol schema. A bad body answers 400 with the first issue's
 * Japanese message (the one the user can act on) and the handler never runs, so nothing changes.
 * The text is read and its depth bounded before it is parsed (json-bounds.ts), which Hono's own JSON
 * validator cannot do: it parses first.
 */
// `any` Env, as Hono's own validator has: the middleware fits a sub-app of any environment.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function jsonBody<T extends z.ZodType>(schema: T): MiddlewareHandler<any, string, JsonInput<T>> {
  return async (c, next) => {
    if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) {
      return fail(c, 400, 'VALIDATION_ERROR', MESSAGES.malformed);
    }
    const value = parseBoundedJson(await c.req.text(), MESSAGES.malformed);
    // Schema messages win; an issue without one (a missing or mistyped field) gets the general
    // Japanese message instead of zod's English default.
    const parsed = schema.safeParse(value, { error: () => MESSAGES.malformed });
    if (!parsed.success) {
      return fail(c, 400, 'VALIDATION_ERROR', parsed.error.issues[0]?.message ?? MESSAGES.malformed);
    }
    c.req.addValidatedData('json', parsed.data as object);
    await next();
  };
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
 * which sends text/plain. Text that is not JSON answers 400 with `message`; text nested too deep, 400
 * with the words of json-bounds.ts.
 */
export function parseJsonText(text: string, message: string = MESSAGES.malformed): unknown {
  return parseBoundedJson(text, message);
}
