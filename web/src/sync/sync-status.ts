import type { ClinicDb } from '../data/clinic-db';
import { getLastSyncedAt } from '../data/meta';
import { readPendingCount } from './pending-count';

/** What the top bar shows about sync; a tiny external store for useSyncExternalStore. */
export type SyncStatus = {
  online: boolean;
  syncing: boolean;
  /** Changes the server has not confirmed plus photo and video files not yet sent (pending.ts): one count everywhere. */
  pendingCount: number;
  /** False until the device has been read once: nothing is said about what waits before that. */
  countsKnown: boolean;
  problemCount: number;
  lastSyncedAt: string | null;
  /** The last failure, in Japanese, until a sync succeeds. */
  error: string | null;
  /** The server no longer serves this version of the app: it must update (its outbox stays on the device). */
  updateRequired: boolean;
};

export function createStatusStore(initial: SyncStatus) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(patch: Partial<SyncStatus>) {
      const next = { ...state, ...patch };
      if (Object.entries(patch).every(([k, v]) => state[k as keyof SyncStatus] === v)) return;
      state = next;
      for (const listener of listeners) listener();
    },
    // An arrow, not a method: React calls it unbound (useSyncExternalStore(store.subscribe, …)).
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type StatusStore = ReturnType<typeof createStatusStore>;

export function initialSyncStatus(online: boolean): SyncStatus {
  return {
    online,
    syncing: false,
    pendingCount: 0,
    countsKnown: false,
    problemCount: 0,
    lastSyncedAt: null,
    error: null,
    updateRequired: false,
  };
}

/**
 * Reads what waits and the last sync into `status`. Never rejects: it runs from change notices and after
 * every round, also while a logout's wipe has the database closed. The counts then stay as they were;
 * the wipe refreshes them once it reopens.
 */
export async function refreshCounts(db: ClinicDb, status: StatusStore): Promise<void> {
  try {
    const [pendingCount, rejections, conflicts, lastSyncedAt] = await Promise.all([
      readPendingCount(db),
      db.rejections.count(),
      db.conflicts.count(),
      getLastSyncedAt(db),
    ]);
    status.set({ pendingCount, countsKnown: true, problemCount: rejections + conflicts, lastSyncedAt });
  } catch {
    // The database is closed or being deleted; see above.
  }
}
