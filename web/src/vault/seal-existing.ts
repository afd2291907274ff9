import type Dexie from 'dexie';
import type { Table } from 'dexie';
import { boundTo, isSealedBlob, openFileBytes, sealBlob, type SealedBlob } from './seal';
import { sealSpecsOf } from './seal-middleware';
import { deviceSealed } from './seal-mode';
import { isCurrentRow, type Shape, shapeOf } from './seal-row';
import { moveAside } from './set-aside-move';

/** Rows are re-written this many at a time: one transaction each, so memory stays bounded. */
const BATCH = 500;

type Row = Record<string, unknown>;

/** The keys of rows not in the current format, found by reading the store itself (below the middleware). */
function staleKeys(idb: IDBDatabase, store: string, shape: Shape): Promise<IDBValidKey[]> {
  return new Promise((resolve, reject) => {
    const keys: IDBValidKey[] = [];
    const request = idb.transaction(store, 'readonly').objectStore(store).openCursor();
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
    request.onsuccess = () => {
      const cursor = request.result;
      if (!cursor) return resolve(keys);
      try {
        if (!isCurrentRow(shape, cursor.value as Row, cursor.primaryKey)) keys.push(cursor.primaryKey);
        cursor.continue();
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error))); // locked meanwhile
      }
    };
  });
}

const staleFile = (value: unknown) => value != null && !(isSealedBlob(value) && value.v === 2);

/** A file sealed again for its row: a plain one as it is, an issue-25 one opened under its field's label first. */
async function resealFile(shape: Shape, field: string, key: unknown, file: Blob | SealedBlob): Promise<SealedBlob> {
  const plain = isSealedBlob(file)
    ? new Blob([await openFileBytes(file, `${shape.name}.${field}`)], { type: file.type })
    : file;
  return sealBlob(plain, boundTo(shape.name, key, field));
}

/** Read through the middleware (it opens an older row) and written back (it seals in the current format). */
async function resealRows(db: Dexie, table: Table, keys: IDBValidKey[]): Promise<void> {
  for (let at = 0; at < keys.length; at += BATCH) {
    const batch = keys.slice(at, at + BATCH);
    await db.transaction('rw', table, async () => {
      const rows = (await table.bulkGet(batch)).filter((row) => row !== undefined);
      await table.bulkPut(rows);
    });
  }
}

/** Files are sealed outside a transaction (WebCrypto), then the row is written if its files are still the old ones. */
async function resealRowWithFiles(db: Dexie, table: Table, shape: Shape, key: IDBValidKey): Promise<void> {
  const row = (await table.get(key)) as Row | undefined;
  if (!row) return;
  const sealed: Row = {};
  for (const field of shape.blobs)
    if (staleFile(row[field])) sealed[field] = await resealFile(shape, field, key, row[field] as Blob | SealedBlob);
  await db.transaction('rw', table, async () => {
    const now = (await table.get(key)) as Row | undefined;
    if (!now) return;
    for (const field of shape.blobs) {
      const was = row[field] as { size?: number } | null;
      const is = now[field] as { size?: number } | null;
      if (field in sealed && staleFile(is) && is?.size === was?.size) now[field] = sealed[field];
    }
    await table.put(now);
  });
}

/**
 * Seals again every row and file an older version left (in clear before issue 25; AES-GCM bound to the
 * table alone in issue 25) in the current format, bound to its table and key. Needs the data key: call it
 * after an unlock. Resumable: each batch is written at once, and a pass interrupted leaves the rest to be
 * found by the next. Once the device is sealed, a row that does not open is set aside instead.
 * Resolves to the number of rows sealed again.
 */
export async function sealAllPlainRows(db: Dexie): Promise<number> {
  const specs = sealSpecsOf(db);
  if (!specs) throw new Error(`${db.name}: sealing is not installed`);
  await db.open();
  const idb = db.backendDB();
  let count = 0;
  for (const table of db.tables) {
    const shape = shapeOf(table.core.schema, specs[table.name]);
    const keys = await staleKeys(idb, table.name, shape);
    if (deviceSealed()) {
      for (const key of keys) await moveAside(db, shape, key);
      continue;
    }
    if (keys.length === 0) continue;
    if (shape.blobs.size > 0) for (const key of keys) await resealRowWithFiles(db, table, shape, key);
    else await resealRows(db, table, keys);
    count += keys.length;
  }
  return count;
}
