import { clearDataKey } from '../vault/data-key';
import { forgetKeyInWorker } from '../vault/worker-key';

/** The app's databases when the browser cannot list them (indexedDB.databases is missing in old Safari). */
const KNOWN_DATABASES = ['clinic', 'clinic-vault', 'clinic-auth', 'workbox-background-sync'];

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    // Another tab holds it open: the deletion completes when that tab closes it (Dexie closes on versionchange).
    request.onblocked = () => resolve();
  });
}

/**
 * An administrator's wipe from the lock: every local database of the app (records, outbox, media,
 * keystore, tokens, the worker's queue), the session and device settings in localStorage, and cached
 * answers. The app's own files (the precache) stay, so the login page still opens offline.
 * `closeLocal` closes this page's connection to the records database first.
 */
export async function wipeDevice(closeLocal: () => void): Promise<void> {
  clearDataKey();
  await forgetKeyInWorker().catch(() => undefined);
  closeLocal();
  const listed = await indexedDB.databases?.().catch(() => null);
  const names = new Set([...KNOWN_DATABASES, ...(listed ?? []).map((db) => db.name ?? '').filter(Boolean)]);
  await Promise.all([...names].map(deleteDatabase));
  try {
    localStorage.clear();
  } catch {
    // storage disabled: nothing was kept there either
  }
  if (typeof caches !== 'undefined') {
    const names = await caches.keys().catch(() => [] as string[]);
    await Promise.all(names.filter((name) => !name.includes('precache')).map((name) => caches.delete(name)));
  }
}
