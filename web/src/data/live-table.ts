import type { SyncedTable } from '@clinic/sync-protocol';
import type { ClinicDb, LocalRow } from './clinic-db';
import { insertionPoint } from './insertion-point';
import { createLiveStore } from './live-store';
import type { TableChanges } from './table-changes';

/**
 * `entries`: every live row, once `loaded`. Until then `preview` may hold the first rows in order (see
 * `firstRows`), for a list to show at once; searches and counts wait for `entries`.
 */
export type LiveTableSnapshot<E> = {
  loaded: boolean;
  entries: readonly E[];
  preview?: readonly E[];
  /** The device's database could not be read (the list says so, with 再試行: the store's `reload`). */
  failed?: true;
};

export type LiveTableOptions<T extends SyncedTable, E> = {
  /** What the store keeps per live row (a search key computed once, say). */
  toEntry: (row: LocalRow<T>) => E;
  /** The order of `entries`. */
  compare: (a: E, b: E) => number;
  /**
   * The rows that come first in that order, read through an index before the whole table, so an
   * opened (or reloaded) screen shows its first rows without waiting for every row to be read.
   */
  firstRows?: (db: ClinicDb) => Promise<LocalRow<T>[]>;
};

/** Rows per read when a whole table is read (see `reload`). */
export const RELOAD_PAGE = 1_000;

/**
 * The next task, leaving room for input and navigation. A message rather than a timer: a hidden tab's
 * chained timers are slowed to one a second or less, a message is not.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Every live (not deleted) row of one synced table in memory, read from Dexie once and then kept current
 * from Dexie's change tracking: only the keys a committed write names are re-read (bulkGet), so 10,000
 * rows are not re-read for one edit. Dexie names a range instead of keys for a write of 50 rows or more
 * (a pull page) or a wipe: then the whole table is read again, once for all the writes that committed
 * meanwhile. For the big lists a screen searches as the person types; a screen that shows a few rows
 * uses useLiveRead instead.
 */
export function createLiveTable<T extends SyncedTable, E>(db: ClinicDb, table: T, options: LiveTableOptions<T, E>) {
  const byId = new Map<string, E>();
  /** byId's entries in order, as last handed out. */
  let order: readonly E[] = [];

  const sorted = (): LiveTableSnapshot<E> => {
    order = [...byId.values()].sort(options.compare);
    return { loaded: true, entries: order };
  };

  /**
   * The order after a few rows changed, without sorting every entry again: the changed ones leave their
   * places and each new one goes where a binary search puts it (a save among 10,000 customers, whose sort
   * was most of the work between 保存 and the row showing).
   */
  const reordered = (stale: ReadonlySet<E>, added: readonly E[]): LiveTableSnapshot<E> => {
    const next = stale.size > 0 ? order.filter((entry) => !stale.has(entry)) : [...order];
    for (const entry of added) next.splice(insertionPoint(next, entry, options.compare), 0, entry);
    order = next;
    return { loaded: true, entries: next };
  };

  const put = (row: LocalRow<T> | undefined, id: string) => {
    if (!row || row.deleted) byId.delete(id);
    else byId.set(id, options.toEntry(row));
  };

  /**
   * Every row, read a page at a time in key order with a task between pages: each page is opened
   * (decrypted) in one go, so 10,000 customers were one task of half a second on a tablet, and a reload
   * or a tap that came meanwhile waited for all of it. The map is swapped in whole at the end.
   */
  const reload = async () => {
    const fresh = new Map<string, E>();
    for (let after: string | null = null; ;) {
      const rows: LocalRow<T>[] = await (
        after === null ? db.synced(table).toCollection() : db.synced(table).where(':id').above(after)
      )
        .limit(RELOAD_PAGE)
        .toArray();
      for (const row of rows) if (!row.deleted) fresh.set(row.id, options.toEntry(row));
      const last = rows.at(-1);
      if (rows.length < RELOAD_PAGE || !last) break;
      after = last.id;
      await nextTask();
    }
    byId.clear();
    for (const [id, entry] of fresh) byId.set(id, entry);
    return sorted();
  };

  /** Keys changed since the last catch-up ('all': read everything again); null when none is due. */
  let due: Set<string> | 'all' | null = null;

  const catchUp = async () => {
    const keys = due;
    due = null;
    if (keys === 'all') return reload();
    const ids = [...(keys ?? [])];
    const rows = await db.synced(table).bulkGet(ids);
    const stale = new Set(ids.flatMap((id) => byId.get(id) ?? []));
    ids.forEach((id, i) => put(rows[i], id));
    return reordered(
      stale,
      ids.flatMap((id) => byId.get(id) ?? []),
    );
  };

  const onChange = (changes: TableChanges) => {
    const keys = changes.get(table);
    if (!keys) return null;
    const queued = due !== null;
    // A synced table's primary keys are its rows' string ids.
    if (keys === 'all' || due === 'all') due = 'all';
    else due = new Set([...(due ?? []), ...(keys as readonly string[])]);
    // One catch-up already waiting takes these keys too: a run of pull pages reads the table once.
    return queued ? null : catchUp;
  };

  const firstRows = options.firstRows;
  const preview = firstRows
    ? async (): Promise<LiveTableSnapshot<E>> => {
        const rows = (await firstRows(db)).filter((row) => !row.deleted);
        return { loaded: false, entries: [], preview: rows.map(options.toEntry).sort(options.compare) };
      }
    : null;
  // A read that failed before the table was ever read leaves the list with nothing true to show: it says so.
  // Once loaded, a failure (a wipe closing the database) keeps the rows until the next read.
  const failed = (current: LiveTableSnapshot<E>): LiveTableSnapshot<E> | null =>
    current.loaded ? null : { loaded: false, entries: [], failed: true };
  const store = createLiveStore<LiveTableSnapshot<E>>(
    db,
    { loaded: false, entries: [] },
    reload,
    onChange,
    preview,
    failed,
  );
  /** One live row's entry by id, once loaded (undefined: not loaded yet, deleted or unknown). */
  const get = (id: string): E | undefined => byId.get(id);
  return { ...store, get };
}

export type LiveTable<E> = ReturnType<typeof createLiveTable<SyncedTable, E>>;
