import { ja } from '../../i18n/ja';
import { jaLock } from '../../i18n/ja-lock';
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
    case null:
      return null;
  }
}
