import { ja } from '../../i18n/ja';
import { jaLock } from '../../i18n/ja-lock';
import { NeedsNetworkError } from '../../vault/keystore';
import { refusalOf } from '../../vault/sign-in';

/** The login screen's words for what the device's keystore refused (null: not a keystore refusal). */
export function vaultMessage(error: unknown): string | null {
  switch (refusalOf(error)) {
    case 'wrongPassword':
      // The same words as the server's: the screen never tells which of the two checked the password.
      return ja.login.errors.invalidCredentials;
    case 'unknownUser':
      return jaLock.signIn.firstTimeNeedsNetwork;
    case 'keyLost':
      return jaLock.signIn.deviceKeyLost;
    case 'needsNetwork':
      return error instanceof NeedsNetworkError ? jaLock.signIn.needsNetwork(error.days) : null;
    case null:
      return null;
  }
}
