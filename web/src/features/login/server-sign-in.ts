import type { LoginResponse } from '@clinic/sync-protocol';
import { sessionStore } from '../../auth/session-store';
import { clearDataKey, setDataKey } from '../../vault/data-key';
import type { PasswordKey } from '../../vault/key-wrap';
import type { signInWith } from '../../vault/sign-in';

type SignInOnline = ReturnType<typeof signInWith>['signInOnline'];

/**
 * The server accepted the password: its session is held in memory (stored without the device's key, its
 * tokens would be worth something to a thief, so they are not stored yet), the device's key opened with
 * it, and then the session stored with its tokens sealed by that key (the store does it as the key
 * arrives). Fails, keeping nothing, when the key cannot be opened.
 */
export function serverSignIn(signInOnline: SignInOnline) {
  return async (response: LoginResponse, password: string, wrapKey?: Promise<PasswordKey>): Promise<void> => {
    const session = sessionStore.start(response);
    try {
      const { key } = await signInOnline({ ...session, stamp: response.signInStamp }, password, wrapKey);
      setDataKey(key.slice());
    } catch (error) {
      sessionStore.end('logout');
      clearDataKey();
      throw error;
    }
  };
}
