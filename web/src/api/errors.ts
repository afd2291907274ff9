import type { Envelope } from '@clinic/sync-protocol';
import { ja } from '../i18n/ja';

export type ApiErrorKind = 'input' | 'auth' | 'forbidden' | 'notFound' | 'server' | 'network' | 'timeout' | 'unknown';

const t = ja.api;

/** One failed call, already worded for the user (spec 8: API client and error classes). */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly code: string | null;
  readonly title: string;
  /** The server's own `message`/`error` text, kept so screens may show it as given. */
  readonly serverMessage: string | null;

  constructor(init: {
    kind: ApiErrorKind;
    status: number | null;
    code: string | null;
    message: string;
    serverMessage?: string | null;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.title = t.titles[init.kind];
    this.serverMessage = init.serverMessage ?? null;
  }

  /** 5xx, network and timeout failures may succeed on a later attempt; 4xx never will. */
  get retryable(): boolean {
    return this.kind === 'server' || this.kind === 'network' || this.kind === 'timeout';
  }
}

const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;

function serverText(envelope: Envelope<unknown> | null): string | null {
  const text = envelope?.message ?? envelope?.error ?? null;
  return text && text.trim() !== '' ? text : null;
}

export function errorFromResponse(status: number, envelope: Envelope<unknown> | null): ApiError {
  const code = envelope?.code ?? null;
  const serverMessage = serverText(envelope);
  // The server words its 4xx answers in Japanese (validation, not found, lockout): those say more.
  const preferServer = (fallback: string) => (serverMessage && JAPANESE.test(serverMessage) ? serverMessage : fallback);
  const make = (kind: ApiErrorKind, message: string) => new ApiError({ kind, status, code, message, serverMessage });

  if (status === 401) return make('auth', t.messages.loginRequired);
  if (status === 403) return make('forbidden', preferServer(t.messages.forbidden));
  if (status === 404) return make('notFound', preferServer(t.messages.notFound));
  if (status === 500) return make('server', t.messages.internal);
  // 503 from the server itself (its database restarting, or found damaged): its own words say that this
  // device keeps what it has not sent; a proxy's 503 keeps the fixed wording. Retried later either way.
  if (status === 503 && (code === 'DATABASE_UNAVAILABLE' || code === 'STORAGE_DAMAGED'))
    return make('server', preferServer(t.messages.unavailable));
  if (status === 502 || status === 503) return make('server', t.messages.unavailable);
  // 507: the server's disk is full. Its own words say so and that this device keeps what it has not sent.
  if (status === 507) return make('server', preferServer(t.messages.unavailable));
  if (status > 500) return make('server', t.messages.unexpected);
  if (status >= 400) return make('input', preferServer(t.messages.unexpected));
  return make('unknown', preferServer(t.messages.unexpected));
}

export const networkError = () =>
  new ApiError({ kind: 'network', status: null, code: null, message: t.messages.network });

export const timeoutError = () =>
  new ApiError({ kind: 'timeout', status: null, code: null, message: t.messages.timeout });

/** A protected call made without any session: treated like a 401. */
export const notLoggedInError = () =>
  new ApiError({ kind: 'auth', status: 401, code: 'UNAUTHORIZED', message: t.messages.loginRequired });

/**
 * A 2xx whose body is not what the contract says: no envelope, or `data` its schema refuses. Retrying
 * will not help; reloading may, as it brings the app the server now expects.
 */
export const unexpectedResponseError = (status: number) =>
  new ApiError({ kind: 'unknown', status, code: 'UNEXPECTED_RESPONSE', message: t.messages.unreadableAnswer });

/** Any thrown value as an ApiError, so screens need one code path. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  return new ApiError({ kind: 'unknown', status: null, code: null, message: t.messages.unexpected });
}
