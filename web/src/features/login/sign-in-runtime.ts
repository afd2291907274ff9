import { fetchDeviceKey } from '../../api/device-key-api';
import { getClientId } from '../../data/meta';
import { localDb } from '../../data/local-db';
import { loadAppSettings } from '../../data/app-settings';
import { createKeystore } from '../../vault/keystore';
import { type SignInDeps, signInWith } from '../../vault/sign-in';
import { lendKeyToWorker } from '../../vault/worker-key';
import { serverSignIn } from './server-sign-in';

/** The real parts of a sign-in; this module loads only when someone signs in or unlocks. */
export const signInDeps: SignInDeps = {
  keystore: createKeystore(),
  clientId: () => getClientId(localDb),
  // The request path sends the token of the session signInWithServer holds in memory.
  fetchDeviceKey: (clientId) => fetchDeviceKey(clientId),
  lend: lendKeyToWorker,
  offlineDays: () => loadAppSettings(localDb).then((settings) => settings.offlineSignInDays),
};

export const { signInOnline, signInOffline, newWrapKey } = signInWith(signInDeps);

export const signInWithServer = serverSignIn(signInOnline);
