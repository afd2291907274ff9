import { fetchDeviceKey } from '../../api/device-key-api';
import { sessionStore } from '../../auth/session-store';
import { getClientId } from '../../data/meta';
import { localDb } from '../../data/local-db';
import { createKeystore } from '../../vault/keystore';
import { type SignInDeps, signInWith } from '../../vault/sign-in';
import { lendKeyToWorker } from '../../vault/worker-key';

/** The real parts of a sign-in; this module loads only when someone signs in or unlocks. */
export const signInDeps: SignInDeps = {
  keystore: createKeystore(),
  clientId: () => getClientId(localDb),
  fetchDeviceKey: (clientId) => {
    // The login page stored the session a moment ago: the request path reads it from the store.
    sessionStore.syncFromStorage();
    return fetchDeviceKey(clientId);
  },
  lend: lendKeyToWorker,
};

export const { signInOnline, signInOffline, newWrapKey } = signInWith(signInDeps);
