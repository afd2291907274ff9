/** What the top bar shows about sync; a tiny external store for useSyncExternalStore. */
export type SyncStatus = {
  online: boolean;
  syncing: boolean;
  pendingCount: number;
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
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type StatusStore = ReturnType<typeof createStatusStore>;
