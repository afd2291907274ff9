import type { z } from 'zod';
import { ApiError, errorFromResponse, networkError, timeoutError, unexpectedResponseError } from './errors';
import { API_BASE } from './base';
import { deviceHeaders } from './device-identity';
import { readEnvelope } from './envelope';

export { API_BASE } from './base';
export const API_TIMEOUT_MS = 30_000;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One request as it goes out; `body` as fetch takes it (JSON text, a form, a Blob). */
export type FetchOptions = {
  method?: HttpMethod;
  body?: BodyInit;
  headers?: Record<string, string>;
  token?: string | null;
  /** Covers the answer's body too: a download that stalls halfway fails like one that never starts. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Kept from the observers: the device's own log uploads must not fill the log they send. */
  unobserved?: boolean;
};

/** A read's abort and time limit: the online views give each attempt 10 s (spec 9 "Safe fetch"). */
export type ReadOptions = Pick<FetchOptions, 'signal' | 'timeoutMs'>;

/** Reads a 2xx answer into what the caller wants; throws an ApiError when the answer is not that. */
export type ReadAnswer<T> = (res: Response) => Promise<T>;

/** What one call did, for the device error log's API timings (telemetry). */
export type ApiCallRecord = {
  method: HttpMethod;
  path: string;
  status: number;
  duration: number;
  ok: boolean;
  message: string | null;
};
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
 * One HTTP attempt to /api: bearer token when given, timeout by AbortController, the answer read by
 * `read` within the same timeout. Every failure comes out as an ApiError worded in Japanese (spec 8);
 * a caller's own abort is passed through untouched. Token refresh is the caller's (client.ts).
 */
export async function fetchOnce<T>(path: string, opts: FetchOptions, read: ReadAnswer<T>): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? API_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onOuterAbort);

  const headers: Record<string, string> = { ...deviceHeaders(), ...opts.headers };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  const method = opts.method ?? 'GET';
  const started = performance.now();
  let status = 0;
  const done = (failure: ApiError | null) => {
    if (opts.unobserved) return;
    report({
      method,
      path,
      status,
      duration: Math.round(performance.now() - started),
      ok: !failure,
      message: failure?.message ?? null,
    });
  };

  try {
    const res = await fetch(`${API_BASE}${path}`, { method, headers, body: opts.body, signal: controller.signal });
    status = res.status;
    if (!res.ok) throw errorFromResponse(res.status, await readEnvelope(res));
    const value = await read(res);
    done(null);
    return value;
  } catch (err) {
    if (opts.signal?.aborted && !timedOut) throw err;
    // Anything but an ApiError is the connection failing, before the answer or in the middle of its body.
    const failure = timedOut ? timeoutError() : err instanceof ApiError ? err : networkError();
    done(failure);
    throw failure;
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onOuterAbort);
  }
}

/** The envelope's `data`, parsed by `schema` (STYLE.md 4: parsed, never cast). */
export const readData =
  <T>(schema: z.ZodType<T>): ReadAnswer<T> =>
  async (res) => {
    const envelope = await readEnvelope(res);
    if (!envelope) throw unexpectedResponseError(res.status);
    if (!envelope.success) throw errorFromResponse(res.status, envelope);
    const parsed = schema.safeParse(envelope.data);
    if (!parsed.success) throw unexpectedResponseError(res.status);
    return parsed.data;
  };

/** For calls whose 2xx answer says nothing the caller needs (the logs' uploads). */
export const ignoreAnswer: ReadAnswer<void> = () => Promise.resolve();

/** A JSON request's body and headers; no body, no Content-Type. */
export function jsonRequest(body: unknown): Pick<FetchOptions, 'body' | 'headers'> {
  if (body === undefined) return { headers: { Accept: 'application/json' } };
  return { body: JSON.stringify(body), headers: { Accept: 'application/json', 'Content-Type': 'application/json' } };
}

export type SendOptions<T> = Omit<FetchOptions, 'body' | 'headers'> & {
  body?: unknown;
  /** Every answer's `data` is parsed, never cast (STYLE.md 4). */
  schema: z.ZodType<T>;
};

/** One JSON call without token refresh: login and the refresh itself (everything else uses apiRequest). */
export function send<T>(path: string, { body, schema, ...opts }: SendOptions<T>): Promise<T> {
  return fetchOnce(path, { ...opts, ...jsonRequest(body) }, readData(schema));
}
