import type { Page } from '@playwright/test';

/**
 * Everything the browser keeps for the app, read raw as a thief with the tablet could: every store of
 * every IndexedDB database (not through the app), every Cache Storage entry and localStorage. Strings as
 * they are; bytes (typed arrays, buffers, blobs, cached bodies) decoded both as UTF-8 and as UTF-16LE.
 */
export function rawStorageText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [];
    const bytes = (data: Uint8Array) => {
      parts.push(new TextDecoder('utf-8').decode(data), new TextDecoder('utf-16le').decode(data));
    };
    const walk = async (value: unknown, depth: number): Promise<void> => {
      if (value == null || depth > 20) return;
      if (typeof value === 'string') parts.push(value);
      else if (typeof value === 'number' || typeof value === 'boolean') parts.push(String(value));
      else if (value instanceof Blob) bytes(new Uint8Array(await value.arrayBuffer()));
      else if (value instanceof ArrayBuffer) bytes(new Uint8Array(value));
      else if (ArrayBuffer.isView(value)) bytes(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      else if (Array.isArray(value)) for (const item of value) await walk(item, depth + 1);
      else if (typeof value === 'object')
        for (const [key, item] of Object.entries(value)) {
          parts.push(key);
          await walk(item, depth + 1);
        }
    };
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'));
      });
      for (const store of db.objectStoreNames) {
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          const all = db.transaction(store).objectStore(store).getAll();
          all.onsuccess = () => resolve(all.result);
          all.onerror = () => reject(all.error ?? new Error('getAll failed'));
        });
        for (const row of rows) await walk(row, 0);
      }
      db.close();
    }
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        parts.push(request.url);
        const response = await cache.match(request);
        if (response) bytes(new Uint8Array(await response.arrayBuffer()));
      }
    }
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      parts.push(key, localStorage.getItem(key) ?? '');
    }
    return parts.join('\n');
  });
}

/** Which of `values` can be read in `text`: as written, or base64 of their UTF-8 or UTF-16LE bytes. */
export function readableValues(text: string, values: string[]): string[] {
  return values.filter(
    (value) =>
      text.includes(value) ||
      text.includes(Buffer.from(value, 'utf8').toString('base64')) ||
      text.includes(Buffer.from(value, 'utf16le').toString('base64')),
  );
}
