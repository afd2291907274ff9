import type { z } from 'zod';
import { errorFromResponse, networkError, timeoutError, unexpectedResponseError } from './errors';
import { readEnvelope } from './envelope';

export const API_BASE = '/api';
export const API_TIMEOUT_MS = 30_000;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type SendOptions<T> = {
  method?: HttpMethod;
  body?: unknown;
  /** Every answer's `data` is parsed, never cast (STYLE.md 4). */
  schema: z.ZodType<T>;
  token?: string | null;
  timeoutMs?: number;
  signal?: AbortSignal;
};

/**
 * One HTTP attempt: JSON in and out, bearer token, timeout by AbortController.
 * Every failure comes out as an ApiError; a caller's own abort is passed through untouched.
 */
export async function send<T>(path: string, opts: SendOptions<T>): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? API_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onOuterAbort);

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;

  try {
    let res: Response;
    try {
      res = await fetch(`${API_BASE}${path}`, {
        method: opts.method ?? 'GET',
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: controller.signal,
      });
    } catch (err) {
      if (timedOut) throw timeoutError();
      if (opts.signal?.aborted) throw err;
      throw networkError();
    }
    const envelope = await readEnvelope(res).catch(() => null);
    if (timedOut) throw timeoutError();
    if (!res.ok || !envelope || !envelope.success) {
      throw res.ok && !envelope ? unexpectedResponseError(res.status) : errorFromResponse(res.status, envelope);
    }
    const parsed = opts.schema.safeParse(envelope.data);
    if (!parsed.success) throw unexpectedResponseError(res.status);
    return parsed.data;
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onOuterAbort);
  }
}
