import { normalizeLoginId } from './normalize';
import { TEXT_MESSAGES, hasUnusableChar } from './text';
import { EMAIL_MAX_LENGTH, isValidLoginId } from './user';

export const LOGIN_MESSAGES = {
  idRequired: 'ユーザー名またはメールアドレスを入力してください',
  passwordRequired: 'パスワードを入力してください',
  idInvalid: '有効なユーザー名（3-20文字）またはメールアドレスを入力してください',
  passwordTooLong: 'パスワードが長すぎます',
} as const;

export const LOGIN_PASSWORD_MAX_LENGTH = 256;

/** The login field's rule (spec 5): what is wrong with the value, or null. */
export function loginIdProblem(value: string): string | null {
  const normalized = normalizeLoginId(value);
  if (normalized.length === 0) return LOGIN_MESSAGES.idRequired;
  // Length first: no pattern below ever runs on an unbounded (hostile) value.
  if (normalized.length > EMAIL_MAX_LENGTH) return LOGIN_MESSAGES.idInvalid;
  if (hasUnusableChar(normalized)) return TEXT_MESSAGES.unusableChar;
  return isValidLoginId(normalized) ? null : LOGIN_MESSAGES.idInvalid;
}

export function loginPasswordProblem(value: string): string | null {
  if (value.length === 0) return LOGIN_MESSAGES.passwordRequired;
  if (value.length > LOGIN_PASSWORD_MAX_LENGTH) return LOGIN_MESSAGES.passwordTooLong;
  return hasUnusableChar(value) ? TEXT_MESSAGES.unusableChar : null;
}
