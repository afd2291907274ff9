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

/** What one call did, for the device error log's API timings (sync/device-log). */
export type ApiCallRecord = { method: HttpMethod; path: string; status: number; duration: number; ok: boolean; message: string | null };
type ApiCallObserver = (call: ApiCallRecord) => void;
const observers = new Set<ApiCallObserver>();

/** Tells `observer` of every call's outcome; returns the way to stop. Observers must not throw. */
export function observeApiCalls(observer: ApiCallObserver): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

function report(call: ApiCallRecord) {
  for (const observer of observers) {
    try {
      observer(call);
    } catch {
      // a log must never break the call it watches
    }
  }
}

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

  const started = performance.now();
  const method = opts.method ?? 'GET';
  const done = (status: number, ok: boolean, message: string | null) =>
    report({ method, path, status, duration: Math.round(performance.now() - started), ok, message });

  try {
    let res: Response;
    try {
      res = await fetch(`${API_BASE}${path}`, {
        method,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: controller.signal,
      });
    } catch (err) {
      if (opts.signal?.aborted && !timedOut) throw err;
      const failure = timedOut ? timeoutError() : networkError();
      done(0, false, failure.message);
      throw failure;
    }
    const envelope = await readEnvelope(res).catch(() => null);
    if (timedOut) {
      const failure = timeoutError();
      done(res.status, false, failure.message);
      throw failure;
    }
    if (!res.ok || !envelope || !envelope.success) {
      const failure = res.ok && !envelope ? unexpectedResponseError(res.status) : errorFromResponse(res.status, envelope);
      done(res.status, false, failure.message);
      throw failure;
    }
    const parsed = opts.schema.safeParse(envelope.data);
    if (!parsed.success) {
      const failure = unexpectedResponseError(res.status);
      done(res.status, false, failure.message);
      throw failure;
    }
    done(res.status, true, null);
    return parsed.data;
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onOuterAbort);
  }
}
