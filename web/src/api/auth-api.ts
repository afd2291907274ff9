import { z } from 'zod';
import { apiRequest } from './client';

/** Revokes the tokens on the server; the caller ends the local session whatever happens here. */
export function postLogout(timeoutMs: number): Promise<unknown> {
  return apiRequest('/auth/logout', {
    method: 'POST',
    schema: z.unknown(),
    timeoutMs,
    onUnauthorized: 'ignore',
  });
}
