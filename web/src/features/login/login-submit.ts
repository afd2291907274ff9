import { ApiError } from '../../api/errors';
import { fetchOnce, jsonRequest, readData } from '../../api/http';
import type { LoginResponse } from '@clinic/sync-protocol';
import { SESSION_STORAGE_KEY, isLive, offlineSession, toStored, writeSession } from '../../auth/session';
import { toStoredSession } from '../../auth/session-schema';
import { loginErrorMessage } from './login-error';
import { type LoginFormValues, toLoginRequest } from './login-validation';
import { refusalOf } from '../../vault/sign-in';
import { vaultMessage } from './vault-message';

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
 * now, so the first paint of the login screen does not wait for it; the request does not wait for it
 * either: it loads while the server checks the password, and parses the answer when both are there.
 */
export async function submitLogin(values: LoginFormValues, storage = browserStorage()): Promise<LoginOutcome> {
  const wrapKey = navigator.onLine ? wrapKeyMadeMeanwhile(values.password ?? '') : undefined;
  const protocol = import('@clinic/sync-protocol');
  protocol.catch(() => undefined); // a refused login reads no schema; a failed load fails the reading of an answer
  try {
    const response = await fetchOnce(
      '/auth/login',
      { method: 'POST', ...jsonRequest(toLoginRequest(values)) },
      async (answer) => readData((await protocol).loginResponseSchema)(answer),
    );
    return await openDeviceData(response, values.password ?? '', wrapKey);
  } catch (error) {
    if (serverUnreachable(error)) return signInOnDevice(values, storage, error);
    const message = loginErrorMessage(error, navigator.onLine);
    logLoginFailure(message, error);
    return { ok: false, message };
  }
}

/** The network is down or the server does not answer: a person who signed in here before may still. */
const serverUnreachable = (error: unknown) =>
  error instanceof ApiError &&
  (error.kind === 'network' || error.kind === 'timeout' || error.status === 502 || error.status === 503);

/**
 * The key that wraps the device's key for this password again after the server accepts it: PBKDF2's 600,000
 * rounds (up to a second on a tablet) run while the server checks the password rather than after its answer
 * (they need only the password and a new salt). Its code loads now, after the login screen's first paint.
 * A refused password's key is never used, nor kept.
 */
function wrapKeyMadeMeanwhile(password: string) {
  const made = import('./sign-in-runtime').then(({ newWrapKey }) => newWrapKey(password));
  made.catch(() => undefined); // unused when the server refuses or cannot be reached; made again if it failed
  return made;
}

/**
 * The device's data key, opened now that the server accepted the password (vault/sign-in), with the
 * wrap key made meanwhile; the button's spinner shows meanwhile. The session's tokens reach storage
 * only sealed with that key (sign-in-runtime). Where no service worker could take the key (a browser
 * without one), the app that opens next asks for the password once: nothing on the device may open it.
 */
async function openDeviceData(
  response: LoginResponse,
  password: string,
  wrapKey: ReturnType<typeof wrapKeyMadeMeanwhile> | undefined,
): Promise<LoginOutcome> {
  const { signInWithServer } = await import('./sign-in-runtime');
  try {
    await signInWithServer(response, password, wrapKey);
    return { ok: true };
  } catch (error) {
    // signInWithServer stored nothing: no session without the key, the app would show nothing.
    const message = vaultMessage(error) ?? loginErrorMessage(error, navigator.onLine);
    logLoginFailure(message, error);
    return { ok: false, message };
  }
}

/** Offline sign-in: the password opens the person's wrap of the device's key; an offline session follows. */
async function signInOnDevice(values: LoginFormValues, storage: Storage | null, cause: unknown): Promise<LoginOutcome> {
  const { signInOffline, signInDeps } = await import('./sign-in-runtime');
  try {
    const { identifier = '', password = '' } = values;
    const { user, key } = await signInOffline(identifier, password);
    const session = offlineSession(user, Date.now());
    writeSession(storage, toStored(session, null));
    await signInDeps.lend(user.id, key, session.expiresAt);
    return { ok: true };
  } catch (error) {
    // Someone new to this tablet whose request reached no one learns that the first time needs the network,
    // whatever the browser's online flag says: it stays true with the Wi-Fi off while any other link is up
    // (and for a moment after the network went), which once showed サーバーに接続できません… instead. When
    // something did answer (a proxy's 502/503, a timeout) the network is there: the server's words say more.
    const reachedNoOne = cause instanceof ApiError && cause.kind === 'network';
    const newHereWithNetwork = refusalOf(error) === 'unknownUser' && !reachedNoOne;
    const message = (newHereWithNetwork ? null : vaultMessage(error)) ?? loginErrorMessage(cause, navigator.onLine);
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

/** A still-valid stored session: then the login screen moves straight on (the app shows it, or its lock). */
export function hasLiveSession(storage = browserStorage()): boolean {
  try {
    const raw = storage?.getItem(SESSION_STORAGE_KEY);
    const stored = raw ? toStoredSession(JSON.parse(raw)) : null;
    return stored !== null && isLive(stored, Date.now());
  } catch {
    return false;
  }
}
