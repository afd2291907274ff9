import { z } from 'zod';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A REST body in the spec's snake_case names (`customer_id`), checked by the sync-protocol schema of
 * the same fields under their wire names (`customerId`), so a bad value gets the message the app
 * shows. Only the named keys are read. `defaults` fills what the body may leave out (a new id).
 */
export function specNamedBody<T extends z.ZodType>(
  names: Readonly<Record<string, string>>,
  schema: T,
  defaults: () => Record<string, unknown> = () => ({}),
) {
  return z.preprocess((body) => {
    if (!isObject(body)) return body;
    const fields = defaults();
    for (const [specName, field] of Object.entries(names))
      if (Object.hasOwn(body, specName)) fields[field] = body[specName];
    return fields;
  }, schema);
}
