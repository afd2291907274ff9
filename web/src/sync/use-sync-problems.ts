import { useSyncExternalStore } from 'react';
import { createProblemsStore, type SyncProblems } from './problems-store';
import { localDb } from '../data/local-db';

/** One store for the whole page: the top bar and the customer list read the same snapshot. */
export const syncProblemsStore = createProblemsStore(localDb);

export function useSyncProblems(): SyncProblems {
  return useSyncExternalStore(
    syncProblemsStore.subscribe,
    syncProblemsStore.getSnapshot,
    syncProblemsStore.getSnapshot,
  );
}
