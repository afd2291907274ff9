import { liveQuery } from 'dexie';
import { setDeviceIdentity } from '../api/device-identity';
import { loadAppSettings } from './app-settings';
import type { ClinicDb } from './clinic-db';
import { localDb } from './local-db';
import { getClientId } from './meta';

/**
 * Tells the request path which device this is (its client id and the name given in 設定) and keeps
 * it current when the name is changed, in this tab or another. Returns the way to stop.
 */
export function keepDeviceIdentity(db: ClinicDb = localDb): () => void {
  let stopped = false;
  let subscription: { unsubscribe: () => void } | null = null;
  void getClientId(db).then((clientId) => {
    if (stopped) return;
    subscription = liveQuery(() => loadAppSettings(db)).subscribe({
      next: (settings) => setDeviceIdentity({ clientId, name: settings.deviceName }),
      // A settings read that fails leaves the last identity; the requests go on without harm.
      error: () => undefined,
    });
  });
  return () => {
    stopped = true;
    subscription?.unsubscribe();
    setDeviceIdentity(null);
  };
}
