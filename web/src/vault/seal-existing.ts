import type Dexie from 'dexie';
import type { Table } from 'dexie';
import { isSealedBlob, sealBlob } from './seal';
import { SEALED_FIELD, type Shape, sealSpecsOf, shapeOf } from './seal-middleware';

/** Rows are re-written this many at a time: one transaction each, so memory stays bounded. */
const BATCH = 500;

type Row = Record<string, unknown>;

const isPlainFile = (value: unknown) => value != null && !isSealedBlob(value);

/** A row stored before sealing existed: personal fields, or a file, in clear. */
function isPlain(shape: Shape, row: Row): boolean {
  if (shape.keepsClear?.(row)) return false;
  for (const field in row) {
    if (shape.blobs.has(field)) {
      if (isPlainFile(row[field])) return true;
    } else if (!shape.clear.has(field) && field !== SEALED_FIELD && row[field] !== undefined) {
      if (!(row[SEALED_FIELD] instanceof Uint8Array)) return true;
    }
  }
  return false;
}

/** The keys of plain rows, found by reading the store itself (below the middleware, which would open them). */
function plainKeys(idb: IDBDatabase, store: string, shape: Shape): Promise<IDBValidKey[]> {
  return new Promise((resolve, reject) => {
    const keys: IDBValidKey[] = [];
    const request = idb.transaction(store, 'readonly').objectStore(store).openCursor();
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
    request.onsuccess = () => {
      const cursor = request.result;
      if (!cursor) return resolve(keys);
      if (isPlain(shape, cursor.value as Row)) keys.push(cursor.primaryKey);
      cursor.continue();
    };
  });
}

async function sealRows(db: Dexie, table: Table, keys: IDBValidKey[]): Promise<void> {
  for (let at = 0; at < keys.length; at += BATCH) {
    const batch = keys.slice(at, at + BATCH);
    // Read and written back in one transaction: the middleware seals what it writes.
    await db.transaction('rw', table, async () => {
      const rows = (await table.bulkGet(batch)).filter((row) => row !== undefined);
      await table.bulkPut(rows);
    });
  }
}

/** Files are sealed outside a transaction (WebCrypto), then the row is written if its file is still the plain one. */
async function sealRowsWithFiles(db: Dexie, table: Table, shape: Shape, keys: IDBValidKey[]): Promise<void> {
  for (const key of keys) {
    const row = (await table.get(key)) as Row | undefined;
    if (!row) continue;
    const sealed: Row = {};
    for (const field of shape.blobs) {
      const value = row[field];
      if (isPlainFile(value)) sealed[field] = await sealBlob(value as Blob, `${shape.name}.${field}`);
    }
    await db.transaction('rw', table, async () => {
      const now = (await table.get(key)) as Row | undefined;
      if (!now) return;
      for (const field of shape.blobs) if (isPlainFile(now[field])) now[field] = sealed[field] ?? null;
      await table.put(now);
    });
  }
}

/**
 * Seals every row and file a version before sealing left in clear (they read as they are and are sealed
 * when next written; this does it for all at once). Needs the data key: call it once after an unlock.
 * Resolves to the number of rows sealed.
 */
export async function sealAllPlainRows(db: Dexie): Promise<number> {
  const specs = sealSpecsOf(db);
  if (!specs) throw new Error(`${db.name}: sealing is not installed`);
  await db.open();
  const idb = db.backendDB();
  let count = 0;
  for (const table of db.tables) {
    const shape = shapeOf(table.core.schema, specs[table.name]);
    const keys = await plainKeys(idb, table.name, shape);
    if (keys.length === 0) continue;
    if (shape.blobs.size > 0) await sealRowsWithFiles(db, table, shape, keys);
    else await sealRows(db, table, keys);
    count += keys.length;
  }
  return count;
}
