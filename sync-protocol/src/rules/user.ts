/** Account rules shared by the login screen, the user form and the server. */
import { normalizeLoginId } from './normalize';

export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{3,20}$/;
/** The longest address there is (RFC 5321's path limit): longer input is refused before any pattern runs. */
export const EMAIL_MAX_LENGTH = 254;
/**
 * A pragmatic address check: something@something.tld, no spaces, one @, and in the part after the @ a dot
 * that is neither its first nor its last character. Written so no two parts can take the same
 * characters (the first character, then non-dots up to the first dot after it, then the rest): the
 * old `[^\s@]+\.[^\s@]+` let both sides fight over every dot, which took 68 s on "a@" + 120,000 dots
 * and held the whole server meanwhile (issue 22). It accepts exactly what the old one did.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;

/** An e-mail address, length first so no pattern ever sees unbounded input. */
export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

export const ROLES = ['admin', 'staff'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { admin: '管理者', staff: 'スタッフ' };

/**
 * Admin includes every staff right (spec 6): a page that requires staff is open to admins too.
 */
export function roleSatisfies(actual: Role, required: Role): boolean {
  return actual === 'admin' || actual === required;
}

export function isValidLoginId(value: string): boolean {
  const v = normalizeLoginId(value);
  return v.length <= EMAIL_MAX_LENGTH && (isEmailAddress(v) || USERNAME_PATTERN.test(v));
}

/**
 * Password policy after 医療情報システムの安全管理に関するガイドライン 第6.0版:
 * at least 13 characters, or at least 8 mixing letters, digits and symbols.
 */
export const PASSWORD_POLICY_MESSAGE =
  'パスワードは13文字以上、または英字・数字・記号をすべて含む8文字以上にしてください';
export const PASSWORD_MAX_LENGTH = 128;

export function isStrongPassword(password: string): boolean {
  if (password.length > PASSWORD_MAX_LENGTH) return false;
  if (password.length >= 13) return true;
  if (password.length < 8) return false;
  const hasLetter = /[A-Za-z]/.test(password);
  const hasDigit = /[0-9]/.test(password);
  const hasSymbol = /[^A-Za-z0-9\s]/.test(password);
  return hasLetter && hasDigit && hasSymbol;
}
