/**
 * The login's tokens, mirrored into IndexedDB so the service worker (which cannot read localStorage)
 * can replay queued pushes with a current token and refresh it when needed. Raw IndexedDB keeps
 * the worker bundle small. Both sides refresh under one Web Lock and re-read this copy first,
 * because a rotating refresh token may be used only once.
 */
export type MirroredTokens = {
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresAt: number;
  expiresAt: number;
};

const DB = 'clinic-auth';
const STORE = 'tokens';
const KEY = 'current';
export const REFRESH_LOCK = 'clinic-token-refresh';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
  });
}

async function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = action(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB write aborted'));
    });
  } finally {
    db.close();
  }
}

export async function readMirroredTokens(): Promise<MirroredTokens | null> {
  const value = await run<unknown>('readonly', (store) => store.get(KEY));
  return (value as MirroredTokens | undefined) ?? null; // only writeMirroredTokens writes this key
}

export async function writeMirroredTokens(tokens: MirroredTokens | null): Promise<void> {
  if (tokens) await run('readwrite', (store) => store.put(tokens, KEY));
  else await run('readwrite', (store) => store.delete(KEY));
}

/** Runs `task` holding the refresh lock where Web Locks exist (every current browser); else directly. */
export function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  return locks ? (locks.request(REFRESH_LOCK, task) as Promise<T>) : task(); // request() resolves with task's result
}
