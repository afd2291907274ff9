import type { Envelope, LoginResponse, User } from '@clinic/sync-protocol';

export const staffUser: User = {
  id: 'u-staff',
  username: 'staff1',
  display_name: null,
  email: 'staff1@example.jp',
  role: 'staff',
  created_at: '2026-01-01T00:00:00.000Z',
  last_login: null,
};

export const adminUser: User = {
  ...staffUser,
  id: 'u-admin',
  username: 'admin',
  email: 'admin@example.jp',
  role: 'admin',
};

export function loginResponse(over: Partial<LoginResponse> = {}): LoginResponse {
  return {
    user: staffUser,
    accessToken: 'access-1',
    refreshToken: 'refresh-1',
    expiresIn: 12 * 3600,
    accessTokenExpiresIn: 900,
    signInStamp: 'stamp-1',
    ...over,
  };
}

export function ok<T>(data: T): Envelope<T> {
  return { success: true, data, error: null, message: null, code: null };
}

export function fail(code: string | null, message: string | null): Envelope<null> {
  return { success: false, data: null, error: message, message, code };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The text a fake `fetch` was sent: the app sends JSON as a string, so anything else fails the test here. */
export function sentBody(init: RequestInit | undefined): string {
  if (typeof init?.body !== 'string') throw new Error(`expected a JSON text body, got ${typeof init?.body}`);
  return init.body;
}

/** The address a fake `fetch` was called with, whichever of its three forms the caller used. */
export function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}
