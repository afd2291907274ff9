import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_POLICY_MESSAGE,
  USERNAME_PATTERN,
  isStrongPassword,
} from '../rules/user';
import { normalizeEmail, normalizeLoginId } from '../rules/normalize';
import { TEXT_BOUND, storableString } from '../entities/text';
import { roleSchema } from './user';

/** The longest display name: a full name in kanji with a space, with room to spare. */
export const DISPLAY_NAME_MAX = 30;

export const USER_FORM_MESSAGES = {
  required: 'ユーザー名とメールアドレスは必須です',
  passwordRequired: '新規ユーザーの場合、パスワードは必須です',
  usernameInvalid: 'ユーザー名は3-20文字の英数字・アンダースコア・ハイフンで入力してください',
  emailInvalid: '有効なメールアドレスを入力してください',
  displayNameTooLong: `表示名は${DISPLAY_NAME_MAX}文字以内で入力してください`,
} as const;

// Bounds before the patterns: a raw user name may carry spaces the trim removes, so it gets room for them.
const username = storableString(
  { error: USER_FORM_MESSAGES.required },
  { max: 100, message: USER_FORM_MESSAGES.usernameInvalid },
)
  .trim()
  .min(1, USER_FORM_MESSAGES.required)
  .regex(USERNAME_PATTERN, USER_FORM_MESSAGES.usernameInvalid)
  .transform(normalizeLoginId);
// Full-width input (ｈａｎａｋｏ＠ｅｘａｍｐｌｅ．ｊｐ) made half-width first, as for a customer's e-mail.
const email = z.preprocess(
  (value: string) => (typeof value === 'string' && value.length <= TEXT_BOUND ? normalizeEmail(value) : value),
  storableString(
    { error: USER_FORM_MESSAGES.required },
    { max: EMAIL_MAX_LENGTH, message: USER_FORM_MESSAGES.emailInvalid },
  )
    .min(1, USER_FORM_MESSAGES.required)
    .regex(EMAIL_PATTERN, USER_FORM_MESSAGES.emailInvalid)
    .transform(normalizeLoginId),
);
const password = storableString(undefined, { max: PASSWORD_MAX_LENGTH, message: PASSWORD_POLICY_MESSAGE }).refine(
  isStrongPassword,
  PASSWORD_POLICY_MESSAGE,
);

/** Optional: spaces around it dropped; empty means none (the user name is shown). */
const displayName = storableString(undefined, { max: 200, message: USER_FORM_MESSAGES.displayNameTooLong })
  .trim()
  .max(DISPLAY_NAME_MAX, USER_FORM_MESSAGES.displayNameTooLong)
  .nullable()
  .transform((v) => (v ? v : null));

/** POST /api/users (and /api/auth/users). */
export const createUserSchema = z.object({
  username,
  email,
  password: z
    .string({ error: USER_FORM_MESSAGES.passwordRequired })
    .min(1, USER_FORM_MESSAGES.passwordRequired)
    .pipe(password),
  role: roleSchema.default('staff'),
  display_name: displayName.optional(),
  /** 施術者: an administrator marks who treats (the 予約表's columns). */
  treats: z.boolean().default(false),
});
export type CreateUser = z.input<typeof createUserSchema>;

/** PUT /api/users/{id}: the password is sent only when it is being changed. */
export const updateUserSchema = z.object({
  username: username.optional(),
  email: email.optional(),
  password: z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(password.optional()),
  role: roleSchema.optional(),
  display_name: displayName.optional(),
  treats: z.boolean().optional(),
});
export type UpdateUser = z.input<typeof updateUserSchema>;

/** PUT /api/auth/change-password. */
export const changePasswordSchema = z.object({
  currentPassword: storableString({ error: '現在のパスワードを入力してください' }).min(
    1,
    '現在のパスワードを入力してください',
  ),
  newPassword: z.string({ error: '新しいパスワードを入力してください' }).pipe(password),
});
export type ChangePassword = z.infer<typeof changePasswordSchema>;
