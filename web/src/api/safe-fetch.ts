import { apiRequest, type ApiRequestOptions } from './client';
import { ApiError, toApiError } from './errors';

export const SAFE_FETCH_TIMEOUT_MS = 10_000;
/** Waits before the 1st, 2nd and 3rd retry (spec 9: 3 retries, 1 s base, doubling). */
export const SAFE_FETCH_RETRY_DELAYS_MS = [1_000, 2_000, 4_000] as const;

export type SafeFetchOptions<T> = Omit<ApiRequestOptions<T>, 'timeoutMs'> & {
  /** Injectable for tests; the default uses setTimeout so fake timers drive it too. */
  sleep?: (ms: number) => Promise<void>;
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * apiRequest with a 10 s limit per attempt and retries for network, timeout and 5xx failures only:
 * a 4xx would fail the same way again. A 401 ends the session (through apiRequest) at once.
 */
export async function safeFetch<T>(path: string, opts: SafeFetchOptions<T>): Promise<T> {
  const { sleep = defaultSleep, ...requestOpts } = opts;
  for (let attempt = 0; ; attempt++) {
    try {
      return await apiRequest(path, { ...requestOpts, timeoutMs: SAFE_FETCH_TIMEOUT_MS });
    } catch (err) {
      const error = err instanceof ApiError ? err : toApiError(err);
      const delay = SAFE_FETCH_RETRY_DELAYS_MS[attempt];
      if (!error.retryable || delay === undefined || opts.signal?.aborted) throw error;
      await sleep(delay);
    }
  }
}
