import { ApiError } from '../../api/errors';
import { SessionStorageError } from '../../auth/session';
import { ja } from '../../i18n/ja';

const t = ja.login.errors;

/** The login screen's error catalogue (spec 8 Login), most specific first. */
export function loginErrorMessage(err: unknown, online: boolean): string {
  if (err instanceof SessionStorageError) return t.storage;
  if (!(err instanceof ApiError)) return t.generic;
  if (err.code === 'TOO_MANY_LOGIN_ATTEMPTS') return t.tooManyAttempts;
  if (err.code === 'INVALID_CREDENTIALS') return t.invalidCredentials;
  if (err.status === 502 || err.status === 503) return t.serverUnavailable;
  switch (err.kind) {
    case 'timeout':
      return t.timeout;
    case 'network':
      // fetch failed: either this device is offline or the server is not answering.
      return online ? t.unreachable : t.offline;
    case 'input':
    case 'auth':
    case 'forbidden':
    case 'notFound':
    case 'server':
    case 'unknown':
      return err.serverMessage ?? t.generic;
  }
}
