import { sessionStore } from '../auth/session-store';
import { getClientId } from '../data/meta';
import { localDb } from '../data/local-db';
import { createKeystore } from './keystore';
import { type SignInDeps, openVaultOffline, openVaultOnline } from './sign-in';
import { lendKeyToWorker } from './worker-key';

type FetchDeviceKey = (clientId: string) => Promise<Uint8Array>;
// Interim: the escrow client (api/device-key-api.ts) is being written beside this; until it exists the
// glob finds nothing and sign-in uses the person's own wrap (or makes the first key). Then a plain import.
const escrowModules = import.meta.glob<{ fetchDeviceKey: FetchDeviceKey }>('../api/device-key-api.ts');
async function escrowClient(): Promise<FetchDeviceKey> {
  const load = escrowModules['../api/device-key-api.ts'];
  if (!load) throw new Error('device key escrow client missing');
  return (await load()).fetchDeviceKey;
}

/** The real parts of a sign-in; this module loads only when someone signs in or unlocks. */
export const signInDeps: SignInDeps = {
  keystore: createKeystore(),
  clientId: () => getClientId(localDb),
  fetchDeviceKey: (clientId) => {
    // The login page stored the session a moment ago: the request path reads it from the store.
    sessionStore.syncFromStorage();
    return escrowClient().then((fetchDeviceKey) => fetchDeviceKey(clientId) as Promise<Uint8Array<ArrayBuffer>>);
  },
  lend: lendKeyToWorker,
};

export const signInOnline = (signed: Parameters<typeof openVaultOnline>[1], password: string) =>
  openVaultOnline(signInDeps, signed, password);
export const signInOffline = (loginId: string, password: string) => openVaultOffline(signInDeps, loginId, password);
