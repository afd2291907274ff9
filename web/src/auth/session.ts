import { userSchema, type LoginResponse } from '@clinic/sync-protocol';
import { z } from 'zod';

/** What the browser keeps of a login, under one localStorage key. */
export const storedSessionSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  userId: z.string(),
  user: userSchema,
  /** epoch ms; the short-lived access token is refreshed a minute before this */
  accessTokenExpiresAt: z.number(),
  /** epoch ms; login time + expiresIn: after this the session is cleared (spec 4) */
  expiresAt: z.number(),
});
export type Session = z.infer<typeof storedSessionSchema>;

export const SESSION_STORAGE_KEY = 'clinic.session';

/** Test accounts of the old app used tokens with this prefix; they are never restored (spec 4). */
export const BYPASS_TOKEN_PREFIX = 'bypass';

export function sessionFromResponse(res: LoginResponse, now: number): Session {
  return {
    accessToken: res.accessToken,
    refreshToken: res.refreshToken,
    userId: res.user.id,
    user: res.user,
    accessTokenExpiresAt: now + res.accessTokenExpiresIn * 1000,
    expiresAt: now + res.expiresIn * 1000,
  };
}

export function isRestorable(session: Session, now: number): boolean {
  return session.expiresAt > now && !session.accessToken.toLowerCase().startsWith(BYPASS_TOKEN_PREFIX);
}
