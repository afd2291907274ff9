import { createHash, randomBytes } from 'node:crypto';
import { sign, verify } from 'hono/jwt';
import { JwtTokenExpired } from 'hono/utils/jwt/types';
import { ROLES, type Role } from '@clinic/sync-protocol';
import { ApiError, MESSAGES } from '../http/envelope';

// Pinned: never let the token's own header choose the algorithm.
const ALG = 'HS256';

export interface AccessClaims {
  sub: string;
  sid: string;
  role: Role;
}

export async function signAccessToken(claims: AccessClaims, secret: string, now: Date, ttlSeconds: number) {
  const iat = Math.floor(now.getTime() / 1000);
  return sign({ ...claims, iat, exp: iat + ttlSeconds }, secret, ALG);
}

/** Verifies signature, alg and exp. Throws ApiError TOKEN_EXPIRED or UNAUTHORIZED. */
export async function verifyAccessToken(token: string, secret: string): Promise<AccessClaims> {
  let payload: Record<string, unknown>;
  try {
    payload = await verify(token, secret, ALG);
  } catch (error) {
    if (error instanceof JwtTokenExpired) throw new ApiError(401, 'TOKEN_EXPIRED', MESSAGES.tokenExpired);
    throw new ApiError(401, 'UNAUTHORIZED', MESSAGES.unauthorized);
  }
  const { sub, sid, role } = payload;
  if (typeof sub !== 'string' || typeof sid !== 'string' || !isRole(role)) {
    throw new ApiError(401, 'UNAUTHORIZED', MESSAGES.unauthorized);
  }
  return { sub, sid, role };
}

const isRole = (value: unknown): value is Role => ROLES.some((r) => r === value);

/** An opaque refresh token; only its hash is stored, so a database leak yields no usable token. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
