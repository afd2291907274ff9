import { onTableChange, type TableChange } from '../../db/changes';
import type { ClinicDb, LocalCustomer } from '../../db/clinic-db';
import { customerSearchKey } from './search-normalize';

/** A live customer as the list shows it, with its search key computed once. */
export type CustomerEntry = { customer: LocalCustomer; searchKey: string };
export type CustomerSnapshot = { loaded: boolean; entries: readonly CustomerEntry[] };

/** カルテ番号 descending; not yet synced (no number) first, newest first among them. */
export function compareEntries(a: CustomerEntry, b: CustomerEntry): number {
  const x = a.customer.chartNumber;
  const y = b.customer.chartNumber;
  if (x === null || y === null) {
    if (x !== y) return x === null ? -1 : 1;
    return b.customer.createdAt.localeCompare(a.customer.createdAt);
  }
  return y - x;
}

const toEntry = (customer: LocalCustomer): CustomerEntry => ({ customer, searchKey: customerSearchKey(customer) });

/**
 * Every live customer in memory, read from Dexie once and then kept current from change notices:
 * only the ids a writer announces are re-read (bulkGet), or not even those when the notice carries
 * the committed rows, so 10,000 rows are never re-read per edit.
 * Work runs one step at a time, so a notice that arrives during the first load is applied after it.
 */
export function createCustomerCache(db: ClinicDb) {
  const byId = new Map<string, CustomerEntry>();
  let snapshot: CustomerSnapshot = { loaded: false, entries: [] };
  let queue: Promise<void> = Promise.resolve();
  let stopWatching: (() => void) | null = null;
  const listeners = new Set<() => void>();

  const publish = () => {
    snapshot = { loaded: true, entries: [...byId.values()].sort(compareEntries) };
    for (const listener of listeners) listener();
  };

  const put = (row: LocalCustomer | undefined, id: string) => {
    if (!row || row.deleted) byId.delete(id);
    else byId.set(id, toEntry(row));
  };

  const reload = async () => {
    const rows = await db.customers.toArray();
    byId.clear();
    for (const row of rows) put(row, row.id);
    publish();
  };

  const applyIds = async (ids: string[], known?: readonly unknown[]) => {
    // Rows in a notice come from the customers table itself (see TableChange), so the cast is sound.
    const rows = (known as readonly (LocalCustomer | undefined)[] | undefined) ?? (await db.customers.bulkGet(ids));
    ids.forEach((id, i) => put(rows[i], id));
    publish();
  };

  const enqueue = (work: () => Promise<void>) => {
    // A failed read (database closed while wiping) must not stop later notices from applying.
    queue = queue.then(work).catch(() => undefined);
    return queue;
  };

  const onChange = (change: TableChange) => {
    if (change.table !== 'customers') return;
    const { ids, rows } = change;
    void enqueue(() => (ids === 'all' ? reload() : applyIds(ids, rows)));
  };

  /** Starts on first use and then stays current for the life of the page. */
  const start = () => {
    if (stopWatching) return;
    stopWatching = onTableChange(onChange);
    void enqueue(reload);
  };

  return {
    getSnapshot: (): CustomerSnapshot => snapshot,
    subscribe(listener: () => void): () => void {
      start();
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Resolves once every notice received so far is applied (for tests and callers that must wait). */
    settled: (): Promise<void> => queue,
    dispose(): void {
      stopWatching?.();
      stopWatching = null;
    },
  };
}

export type CustomerCache = ReturnType<typeof createCustomerCache>;
