import { createHmac } from 'node:crypto';

/**
 * A keyed hash (HMAC-SHA256 under the server's secret) of a login ID as typed and normalized. The
 * lockout table and the audit log keep this instead of the text: someone may type a password into
 * the ID field, and a plain hash of a password can be reversed by guessing; without the key it cannot.
 * The same ID always gives the same key, so repeated attempts can still be told apart and counted.
 */
export function loginKey(secret: string, login: string): string {
  return createHmac('sha256', secret).update(`login-id\0${login}`).digest('hex');
}

/**
 * How the access log names the person behind a login attempt whose ID names no account: a short part
 * of the key, so an administrator can see which failures came from the same ID without seeing the ID.
 */
export const unknownLoginLabel = (key: string) => `未登録のID（${key.slice(0, 8)}）`;
