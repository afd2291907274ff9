import type { SyncedTable } from '@clinic/sync-protocol';
import type { SyncedTableChange, TableChange } from './changes';
import type { ClinicDb, LocalRow } from './clinic-db';
import { createLiveStore } from './live-store';

/**
 * `entries`: every live row, once `loaded`. Until then `preview` may hold the first rows in order (see
 * `firstRows`), for a list to show at once; searches and counts wait for `entries`.
 */
export type LiveTableSnapshot<E> = { loaded: boolean; entries: readonly E[]; preview?: readonly E[] };

export type LiveTableOptions<T extends SyncedTable, E> = {
  /** What the store keeps per live row (a search key computed once, say). */
  toEntry(row: LocalRow<T>): E;
  /** The order of `entries`. */
  compare(a: E, b: E): number;
  /**
   * The rows that come first in that order, read through an index before the whole table, so an
   * opened (or reloaded) screen shows its first rows without waiting for every row to be read.
   */
  firstRows?(db: ClinicDb): Promise<LocalRow<T>[]>;
};

/**
 * Every live (not deleted) row of one synced table in memory, read from Dexie once and then kept current
 * from change notices: only the ids a writer announces are re-read (bulkGet), or not even those when the
 * notice carries the committed rows, so 10,000 rows are never re-read per edit. For the big lists a
 * screen searches as the person types; a screen that shows a few rows uses useLiveQuery instead.
 */
export function createLiveTable<T extends SyncedTable, E>(db: ClinicDb, table: T, options: LiveTableOptions<T, E>) {
  const byId = new Map<string, E>();

  const sorted = (): LiveTableSnapshot<E> => ({ loaded: true, entries: [...byId.values()].sort(options.compare) });

  const put = (row: LocalRow<T> | undefined, id: string) => {
    if (!row || row.deleted) byId.delete(id);
    else byId.set(id, options.toEntry(row));
  };

  const reload = async () => {
    const rows = await db.synced(table).toArray();
    byId.clear();
    for (const row of rows) put(row, row.id);
    return sorted();
  };

  const applyIds = async (ids: string[], known: SyncedTableChange<T>['rows']) => {
    const rows = known ?? (await db.synced(table).bulkGet(ids));
    ids.forEach((id, i) => put(rows[i], id));
    return sorted();
  };

  const onChange = (change: TableChange) => {
    if (change.table !== table) return null;
    // A notice names its table, and its rows are that table's (see notifyChanged's writers).
    const { ids, rows } = change as SyncedTableChange<T>;
    return ids === 'all' ? reload : () => applyIds(ids, rows);
  };

  const firstRows = options.firstRows;
  const preview = firstRows
    ? async (): Promise<LiveTableSnapshot<E>> => {
        const rows = (await firstRows(db)).filter((row) => !row.deleted);
        return { loaded: false, entries: [], preview: rows.map(options.toEntry).sort(options.compare) };
      }
    : null;
  const store = createLiveStore<LiveTableSnapshot<E>>({ loaded: false, entries: [] }, reload, onChange, preview);
  /** One live row's entry by id, once loaded (undefined: not loaded yet, deleted or unknown). */
  const get = (id: string): E | undefined => byId.get(id);
  return { ...store, get };
}

export type LiveTable<E> = ReturnType<typeof createLiveTable<SyncedTable, E>>;
