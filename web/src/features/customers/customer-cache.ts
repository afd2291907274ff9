import type { TableChange } from '../../db/changes';
import type { ClinicDb, LocalCustomer } from '../../db/clinic-db';
import { createLiveStore } from '../../db/live-store';
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
 */
export function createCustomerCache(db: ClinicDb) {
  const byId = new Map<string, CustomerEntry>();

  const sorted = (): CustomerSnapshot => ({ loaded: true, entries: [...byId.values()].sort(compareEntries) });

  const put = (row: LocalCustomer | undefined, id: string) => {
    if (!row || row.deleted) byId.delete(id);
    else byId.set(id, toEntry(row));
  };

  const reload = async () => {
    const rows = await db.customers.toArray();
    byId.clear();
    for (const row of rows) put(row, row.id);
    return sorted();
  };

  const applyIds = async (ids: string[], known?: readonly unknown[]) => {
    // Rows in a notice come from the customers table itself (see TableChange), so the cast is sound.
    const rows = (known as readonly (LocalCustomer | undefined)[] | undefined) ?? (await db.customers.bulkGet(ids));
    ids.forEach((id, i) => put(rows[i], id));
    return sorted();
  };

  const onChange = ({ table, ids, rows }: TableChange) => {
    if (table !== 'customers') return null;
    return ids === 'all' ? reload : () => applyIds(ids, rows);
  };

  return createLiveStore<CustomerSnapshot>({ loaded: false, entries: [] }, reload, onChange);
}

export type CustomerCache = ReturnType<typeof createCustomerCache>;
