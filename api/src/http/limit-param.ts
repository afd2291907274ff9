import { z } from 'zod';

export const LIMIT_MESSAGE = '件数は1から1000の整数で指定してください';

/** A list's `limit` query parameter: a whole number 1-1000 (the customers list takes the same). */
export const limitParam = (fallback: number) =>
  z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(1000, LIMIT_MESSAGE)
    .default(fallback);
