import { loginRequestSchema, normalizeLoginId, type LoginRequest } from '@clinic/sync-protocol';

export type LoginFormValues = { identifier?: string; password?: string };

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

/** The server's own rule for the user field (spec 5), so both sides say the same thing. */
export function loginIdError(value: string | undefined): string | null {
  return firstMessage(loginRequestSchema.shape.email.safeParse(value ?? ''));
}

export function passwordError(value: string | undefined): string | null {
  return firstMessage(loginRequestSchema.shape.password.safeParse(value ?? ''));
}

/** What is sent: the identifier trimmed and lower-cased, the password as typed. */
export function toLoginRequest(values: LoginFormValues): LoginRequest {
  return { email: normalizeLoginId(values.identifier ?? ''), password: values.password ?? '' };
}
