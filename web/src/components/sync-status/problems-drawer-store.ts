import { useSyncExternalStore } from 'react';

/** Whether the 同期の状況 drawer is open; any screen may open it (e.g. from a 競合あり mark). */
let open = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

export const openSyncProblems = (): void => set(true);
export const closeSyncProblems = (): void => set(false);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSyncProblemsOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => open,
  );
}
