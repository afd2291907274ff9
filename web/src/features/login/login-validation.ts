import type { LoginRequest } from '@clinic/sync-protocol';
import { loginIdProblem, loginPasswordProblem, normalizeLoginId } from '@clinic/sync-protocol/rules';

export type LoginFormValues = { identifier?: string; password?: string };

/** The server's own rules for the two fields (spec 5), so both sides say the same thing. */
export function loginIdError(value: string | undefined): string | null {
  return loginIdProblem(value ?? '');
}

export function passwordError(value: string | undefined): string | null {
  return loginPasswordProblem(value ?? '');
}

/** What is sent: the identifier trimmed and lower-cased, the password as typed. */
export function toLoginRequest(values: LoginFormValues): LoginRequest {
  return { email: normalizeLoginId(values.identifier ?? ''), password: values.password ?? '' };
}
