import { z } from 'zod';
import { LOGIN_MESSAGES, loginIdProblem, loginPasswordProblem } from '../rules/login';
import { normalizeLoginId } from '../rules/normalize';
import { userSchema } from './user';

/** POST /api/auth/login. `email` takes a user name or an e-mail address (spec 7). */
export const loginRequestSchema = z.object({
  email: z
    .string({ error: LOGIN_MESSAGES.idRequired })
    .check((ctx) => {
      const problem = loginIdProblem(ctx.value);
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
    })
    .transform(normalizeLoginId),
  password: z.string({ error: LOGIN_MESSAGES.passwordRequired }).check((ctx) => {
    const problem = loginPasswordProblem(ctx.value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  }),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/**
 * `expiresIn` is the session's life in seconds (a clinic day): the app keeps working offline that long.
 * The access token itself is short-lived (`accessTokenExpiresIn`) and refreshed silently.
 */
export const tokenPairSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int().positive(),
  accessTokenExpiresIn: z.number().int().positive(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const loginResponseSchema = tokenPairSchema.extend({
  user: userSchema,
  /**
   * The server's word for this person's current password (opaque; changes exactly when the password is
   * changed or reset). The tablet keeps it with the password's wrap of its key, and drops that wrap when a
   * sync reports another one (issue 34).
   */
  signInStamp: z.string().min(1).max(64),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshRequestSchema = z.object({
  refreshToken: z.string({ error: 'リフレッシュトークンがありません' }).min(1, 'リフレッシュトークンがありません'),
});
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;
