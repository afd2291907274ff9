// Reads of the device's IndexedDB from outside the app, for benches that wait on what a sync stored.
import type { Page } from 'playwright-core';

/** Rows in one object store of the app's database. */
export const localCount = (page: Page, store: string) =>
  page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('clinic');
        open.onsuccess = () => {
          const request = open.result.transaction(name).objectStore(name).count();
          request.onsuccess = () => {
            resolve(request.result);
            open.result.close();
          };
          request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
        };
        open.onerror = () => reject(open.error ?? new Error('IndexedDB open failed'));
      }),
    store,
  );

export async function waitFor(check: () => Promise<boolean>, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > until) throw new Error('bench step timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
