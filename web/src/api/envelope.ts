import type { Envelope } from '@clinic/sync-protocol';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * Reads a response body as the spec's envelope; null when it is not one. Lenient on purpose: a proxy
 * or the static server may answer an error with a partial body or none. Each call's `data` is then
 * parsed with its own schema. Written without zod so the login screen loads without it.
 */
export async function readEnvelope(res: Response): Promise<Envelope<unknown> | null> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null || typeof (body as { success?: unknown }).success !== 'boolean')
    return null;
  const e = body as Record<string, unknown>;
  return {
    success: e.success === true,
    data: e.data ?? null,
    error: text(e.error),
    message: text(e.message),
    code: text(e.code),
  };
}
