import { z } from 'zod';
import { isValidLoginId, normalizeLoginId } from '../rules/user';
import { userSchema } from './user';

export const LOGIN_MESSAGES = {
  idRequired: 'ユーザー名またはメールアドレスを入力してください',
  passwordRequired: 'パスワードを入力してください',
  idInvalid: '有効なユーザー名（3-20文字）またはメールアドレスを入力してください',
} as const;

/** POST /api/auth/login. `email` takes a user name or an e-mail address (spec 7). */
export const loginRequestSchema = z.object({
  email: z
    .string({ error: LOGIN_MESSAGES.idRequired })
    .transform(normalizeLoginId)
    .refine((v) => v.length > 0, LOGIN_MESSAGES.idRequired)
    .refine((v) => v.length === 0 || isValidLoginId(v), LOGIN_MESSAGES.idInvalid),
  password: z
    .string({ error: LOGIN_MESSAGES.passwordRequired })
    .min(1, LOGIN_MESSAGES.passwordRequired)
    .max(256, 'パスワードが長すぎます'),
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

export const loginResponseSchema = tokenPairSchema.extend({ user: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshRequestSchema = z.object({
  refreshToken: z.string({ error: 'リフレッシュトークンがありません' }).min(1, 'リフレッシュトークンがありません'),
});
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;
