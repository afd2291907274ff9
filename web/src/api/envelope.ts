import type { Envelope } from '@clinic/sync-protocol';
import { z } from 'zod';

// Lenient on purpose: a proxy or the static server may answer an error with a partial body or none.
const looseEnvelopeSchema = z.object({
  success: z.boolean(),
  data: z.unknown().optional(),
  error: z.string().nullish(),
  message: z.string().nullish(),
  code: z.string().nullish(),
});

/** Reads a response body as the spec's envelope; null when it is not one. */
export async function readEnvelope(res: Response): Promise<Envelope<unknown> | null> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    return null;
  }
  const parsed = looseEnvelopeSchema.safeParse(body);
  if (!parsed.success) return null;
  const e = parsed.data;
  return { success: e.success, data: e.data ?? null, error: e.error ?? null, message: e.message ?? null, code: e.code ?? null };
}
