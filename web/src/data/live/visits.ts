import { Dexie } from 'dexie';
import type { ClinicDb, LocalCustomer, LocalVisit } from '../clinic-db';
import { useAfterFirstScreen } from '../first-screen';
import { type LiveRead, useLiveRead } from '../live-read';
import { customerLabel } from '../entities';
import { localDb } from '../local-db';
import { customerCache, useCustomerCacheSnapshot } from './customers';
import { StoredVisit, storedTwin } from './stored-visit';

/** A visit with its customer's name joined (marked 削除済み when they were deleted). */
export type VisitView = LocalVisit & {
  customerName: string;
  customerDeleted: boolean;
  /** The customer's カルテ番号 (the CSV's column); null until the server has numbered her. */
  customerChartNumber: number | null;
};

/** What the visit list shows: a date range (inclusive, YYYY-MM-DD; null: open) and optionally one customer. */
export type VisitFilter = { from: string | null; to: string | null; customerId: string | null };

const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Newest first: by date, then by when it was entered (ISO text: code-unit order is time order). */
export function compareVisits(a: LocalVisit, b: LocalVisit): number {
  return order(b.date, a.date) || order(b.createdAt, a.createdAt);
}

// A Dexie filter() walks a cursor row by row; reading the range in one getAll and dropping deleted
// rows here is several times faster for a month of visits.
const live = (rows: LocalVisit[]) => rows.filter((v) => !v.deleted);

/** A customer the in-memory cache already holds (undefined: read it from the database). */
export type CachedCustomer = (id: string) => LocalCustomer | undefined;
const fromCache: CachedCustomer = (id) => customerCache.get(id)?.customer;
const noCache: CachedCustomer = () => undefined;

/**
 * Customers by id for a join: the in-memory cache answers live ones; only ids it lacks (a deleted
 * customer's tombstone, or a cache not loaded yet) are read from the database, in one bulkGet.
 */
export async function customersById(
  db: ClinicDb,
  ids: Iterable<string>,
  cached: CachedCustomer = noCache,
): Promise<Map<string, LocalCustomer | undefined>> {
  const found = new Map<string, LocalCustomer | undefined>();
  const missing: string[] = [];
  for (const id of new Set(ids)) {
    const customer = cached(id);
    if (customer) found.set(id, customer);
    else missing.push(id);
  }
  const rows = missing.length ? await db.customers.bulkGet(missing) : [];
  missing.forEach((id, i) => found.set(id, rows[i]));
  return found;
}

export async function withCustomerNames(
  db: ClinicDb,
  visits: LocalVisit[],
  cached: CachedCustomer = noCache,
): Promise<VisitView[]> {
  const customers = await customersById(
    db,
    visits.map((v) => v.customerId),
    cached,
  );
  return visits.map((visit) => {
    const customer = customers.get(visit.customerId);
    return {
      ...visit,
      customerName: customerLabel(customer),
      customerDeleted: customer?.deleted ?? false,
      customerChartNumber: customer?.chartNumber ?? null,
    };
  });
}

const MIN = Dexie.minKey;
const MAX = Dexie.maxKey;

/** How many of the newest visits the first screen reads before the whole list: more than a tall screen shows. */
export const FIRST_NAMED = 40;

type StoredRow = Record<string, unknown> & { date: string };

/**
 * The stored visits of a filter, read through an index (the date, or the customer and date): 30,000
 * visits on the device are never all read for one month's list. With `newest`, only the newest that many
 * and the rest of the last day they reach (a day's visits are ordered by when they were entered, which no
 * index holds), so a reloaded list shows its first rows without reading a whole month first.
 */
async function storedVisits(db: ClinicDb, filter: VisitFilter, newest: number): Promise<StoredRow[]> {
  const visits = storedTwin(db).visits;
  const from = filter.from ?? MIN;
  const to = filter.to ?? MAX;
  const { customerId } = filter;
  const range = customerId
    ? visits.where('[customerId+date]').between([customerId, from], [customerId, to], true, true)
    : visits.where('date').between(from, to, true, true);
  if (!Number.isFinite(newest)) {
    const all = customerId || filter.from !== null || filter.to !== null ? range : visits.toCollection();
    return await all.toArray();
  }
  const top = (await range.reverse().limit(newest).toArray()) as unknown as StoredRow[];
  const last = top.at(-1);
  if (top.length < newest || !last) return top;
  const lastDay = customerId
    ? visits.where('[customerId+date]').equals([customerId, last.date])
    : visits.where('date').equals(last.date);
  return [...top.filter((row) => row.date !== last.date), ...((await lastDay.toArray()) as unknown as StoredRow[])];
}

/**
 * The live visits a filter shows, newest first, with their customers' names (see storedVisits for
 * `newest`). Rows come as stored and open only when a sealed field is read (stored-visit.ts), so a year's
 * list is counted, totalled and ordered without decrypting it.
 */
export async function queryVisits(
  db: ClinicDb,
  filter: VisitFilter,
  cached: CachedCustomer = noCache,
  newest = Infinity,
): Promise<VisitView[]> {
  const stored = await storedVisits(db, filter, newest);
  const rows = stored.filter((row) => !row.deleted).map((row) => new StoredVisit(row));
  rows.sort(compareVisits);
  const customers = await customersById(
    db,
    rows.map((v) => v.customerId),
    cached,
  );
  for (const visit of rows) {
    const customer = customers.get(visit.customerId);
    visit.customerName = customerLabel(customer);
    visit.customerDeleted = customer?.deleted ?? false;
    visit.customerChartNumber = customer?.chartNumber ?? null;
  }
  return rows;
}

/** One customer's live visits, newest first (the chart, the visit picker). */
export async function queryCustomerVisits(db: ClinicDb, customerId: string): Promise<LocalVisit[]> {
  const rows = live(await db.visits.where('[customerId+date]').between([customerId, MIN], [customerId, MAX]).toArray());
  return rows.sort(compareVisits);
}

/** A visit list's answer; `partial` while it holds only its newest rows (the totals and the file wait for the rest). */
export type VisitList = LiveRead<VisitView[]> & { partial: boolean };

/**
 * The visits a filter shows, kept current as visits and customers change. While a changed filter's
 * answer loads, the last list stays (no blank flash between two ranges). On the app's first screen the
 * list comes first with its newest rows only, then whole once that screen has shown.
 */
export function useVisitList(filter: VisitFilter): VisitList {
  const whole = useAfterFirstScreen();
  // Names come from the customer cache when a screen loaded it: its changes run the query again.
  const customers = useCustomerCacheSnapshot();
  const { loaded, data } = useLiveRead(
    async () => ({
      partial: !whole,
      views: await queryVisits(localDb, filter, fromCache, whole ? Infinity : FIRST_NAMED),
    }),
    [filter.from, filter.to, filter.customerId, whole, customers],
    { keepPrevious: true },
  );
  // Fewer rows than were asked for are all there are.
  return { loaded, data: data?.views, partial: (data?.partial ?? false) && (data?.views.length ?? 0) >= FIRST_NAMED };
}

/** One customer's visits (null: no customer chosen). */
export function useCustomerVisits(customerId: string | null): LiveRead<LocalVisit[]> {
  return useLiveRead(async () => (customerId ? queryCustomerVisits(localDb, customerId) : []), [customerId]);
}

/** The count and price total of a list of visits (the footer's 日計 / 期間合計). */
export function visitTotals(visits: readonly LocalVisit[]): { count: number; total: number } {
  let total = 0;
  for (const visit of visits) total += visit.price ?? 0;
  return { count: visits.length, total };
}

/** Every menu used so far, from the menu index alone (no visit is read), blank left out. */
export async function usedMenus(db: ClinicDb): Promise<string[]> {
  const keys = (await db.visits.orderBy('serviceMenu').uniqueKeys()) as string[];
  return keys.filter((menu) => menu.trim() !== '');
}

/** The price last charged for a menu (the newest visit of it with a price), or null. */
export async function lastPriceOf(db: ClinicDb, menu: string): Promise<number | null> {
  const last = await db.visits
    .where('[serviceMenu+date]')
    .between([menu, MIN], [menu, MAX])
    .reverse()
    .filter((v) => !v.deleted && v.price !== null)
    .first();
  return last?.price ?? null;
}

export function useUsedMenus(): LiveRead<string[]> {
  return useLiveRead(() => usedMenus(localDb), []);
}
