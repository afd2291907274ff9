import { userSchema } from '@clinic/sync-protocol';
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
