/**
 * The keystore's own small database ('clinic-vault'), in raw IndexedDB like the token mirror: the
 * login page uses it before the app (and Dexie) loads. It holds only wrapped copies of the data key
 * and the non-secret profiles of the people who signed in here.
 */
const DB = 'clinic-vault';
export const USERS = 'users';
export const DEVICE = 'device';
export const VAULT_DB_NAME = DB;

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(USERS, { keyPath: 'userId' });
      request.result.createObjectStore(DEVICE);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
  });
}

export async function vaultRun<T>(
  store: typeof USERS | typeof DEVICE,
  mode: IDBTransactionMode,
  action: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(store, mode);
      const request = action(tx.objectStore(store));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB request failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB request aborted'));
    });
  } finally {
    db.close();
  }
}
