import type { Page } from '@playwright/test';

/**
 * Whether the worker's queue holds the whole outbox, read raw from a page of the app before it closes: the
 * last outbox entry (its key, a number) against the last one the queued sealed bodies carry (kept beside
 * them in clear, as a number). A therapist closes the app a moment after the last change; the test waits
 * that moment, since the page hands each new change to the worker just after it is saved.
 */
export async function queueHoldsOutbox(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const open = (name: string) =>
      new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('open'));
      });
    const all = <T>(db: IDBDatabase, store: string, keys: boolean) =>
      new Promise<T[]>((resolve) => {
        const objects = db.transaction(store).objectStore(store);
        const request = keys ? objects.getAllKeys() : objects.getAll();
        request.onsuccess = () => resolve(request.result as T[]);
      });
    const clinic = await open('clinic');
    const outbox = await all<number>(clinic, 'outbox', true);
    clinic.close();
    const worker = await open('workbox-background-sync');
    const queued = worker.objectStoreNames.contains('requests')
      ? await all<{ metadata?: { through?: number } }>(worker, 'requests', false)
      : [];
    worker.close();
    const through = Math.max(0, ...queued.map((entry) => entry.metadata?.through ?? 0));
    return outbox.length > 0 && through >= Math.max(...outbox);
  });
}
