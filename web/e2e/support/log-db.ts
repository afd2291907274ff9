import type { Page } from '@playwright/test';

/** Every row of one store of the device's own log database (device errors, the operation-log queue). */
export function logStoreRows<T = unknown>(page: Page, store: 'deviceErrors' | 'operationQueue'): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('clinic-logs');
        open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(name)) return resolve([]);
          const all = db.transaction(name).objectStore(name).getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result as T[]);
          };
        };
      }),
    store,
  );
}
