/**
 * Every row of every store of the IndexedDB database `name`, read with the plain IndexedDB API: as the
 * disk holds them, past Dexie and the seal middleware (the at-rest tests look for patients' data in them).
 */
export async function storedRows(name: string): Promise<unknown[]> {
  const idb = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
  try {
    const rows: unknown[] = [];
    for (const store of Array.from(idb.objectStoreNames)) {
      rows.push(
        ...(await new Promise<unknown[]>((resolve, reject) => {
          const request = idb.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
        })),
      );
    }
    return rows;
  } finally {
    idb.close();
  }
}
