import { loginResponseSchema, type LoginRequest, type LoginResponse } from '@clinic/sync-protocol';
import { z } from 'zod';
import { apiRequest } from './client';

export function postLogin(body: LoginRequest): Promise<LoginResponse> {
  return apiRequest('/auth/login', { method: 'POST', body, auth: false, schema: loginResponseSchema });
}

/** Revokes the tokens on the server; the caller ends the local session whatever happens here. */
export function postLogout(timeoutMs: number): Promise<unknown> {
  return apiRequest('/auth/logout', {
    method: 'POST',
    schema: z.unknown(),
    timeoutMs,
    onUnauthorized: 'ignore',
  });
}
