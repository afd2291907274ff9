import { send } from '../../api/http';
import { SESSION_STORAGE_KEY, isRestorable, sessionFromResponse, writeSession, type Session } from '../../auth/session';
import { loginErrorMessage } from './login-error';
import { type LoginFormValues, toLoginRequest } from './login-validation';

export type LoginOutcome = { ok: true } | { ok: false; message: string };

const browserStorage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

/**
 * Logs in and stores the session (spec 2, 4, 8). The response schema (and with it zod) is loaded only
 * now, so the first paint of the login screen does not wait for it.
 */
export async function submitLogin(values: LoginFormValues, storage = browserStorage()): Promise<LoginOutcome> {
  try {
    const { loginResponseSchema } = await import('@clinic/sync-protocol');
    const response = await send('/auth/login', {
      method: 'POST',
      body: toLoginRequest(values),
      schema: loginResponseSchema,
    });
    writeSession(storage, sessionFromResponse(response, Date.now()));
    return { ok: true };
  } catch (error) {
    const message = loginErrorMessage(error, navigator.onLine);
    logLoginFailure(message, error);
    return { ok: false, message };
  }
}

/**
 * The operation log keeps login failures (what went wrong, never the name or password typed). Its code
 * loads only now, so the login screen's first paint does not carry it.
 */
function logLoginFailure(message: string, error: unknown) {
  const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : '';
  void import('../../telemetry/operation-log')
    .then(({ logOperation }) => logOperation('login_failure', { screen: '/login', error: { message, code } }))
    .catch(() => undefined);
}

/** A still-valid stored session: then the login screen moves straight on (as the app would). */
export function hasLiveSession(storage = browserStorage()): boolean {
  try {
    const raw = storage?.getItem(SESSION_STORAGE_KEY);
    if (!raw) return false;
    const stored = JSON.parse(raw) as Partial<Session>;
    // A full check happens when the app restores it; this only avoids showing the form needlessly.
    return (
      typeof stored.accessToken === 'string' &&
      typeof stored.expiresAt === 'number' &&
      isRestorable(stored as Session, Date.now())
    );
  } catch {
    return false;
  }
}
