import type { SyncedTable } from '@clinic/sync-protocol';
import type { LocalRow } from './clinic-db';

/** The device-only tables whose changes readers watch (deviceErrors is in the log database, log-db.ts). */
export const LOCAL_TABLES = ['outbox', 'rejections', 'conflicts', 'mediaFiles', 'settings', 'deviceErrors'] as const;
export type LocalTable = (typeof LOCAL_TABLES)[number];

/** Rows of one synced table changed (or 'all' of them, after a wipe). */
export type SyncedTableChange<T extends SyncedTable> = {
  table: T;
  ids: string[] | 'all';
  /**
   * The rows as committed, in the order of `ids` (undefined: gone), when the writer has them at hand:
   * a reader then shows a saved record without reading it back (a local save must show within 50 ms).
   */
  rows?: readonly (LocalRow<T> | undefined)[];
};

/**
 * Tells readers which rows changed after a write transaction commits, in this tab and in others.
 * Every writer (local mutators, pull, wipe) goes through the sync layer, so an explicit notice is
 * cheaper than re-reading 10,000 rows on every change, which is what a generic live query would do.
 */
export type TableChange = { [T in SyncedTable]: SyncedTableChange<T> }[SyncedTable] | { table: LocalTable; ids: string[] | 'all' };
export type WatchedTable = TableChange['table'];
type Listener = (change: TableChange) => void;

const listeners = new Set<Listener>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('clinic-db-changes');
// Under Node (tests) an open channel would keep the process alive.
(channel as { unref?: () => void } | null)?.unref?.();
channel?.addEventListener('message', (event: MessageEvent<TableChange>) => {
  for (const listener of listeners) listener(event.data);
});

export function notifyChanged(change: TableChange): void {
  if (change.ids !== 'all' && change.ids.length === 0) return;
  for (const listener of listeners) listener(change);
  channel?.postMessage(change);
}

export function onTableChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
