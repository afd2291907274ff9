import type { Visit, VisitFields } from '@clinic/sync-protocol';
import { type Updateable, sql } from 'kysely';
import type { Db } from '../db/dialect';
import { fromFlag, toCount } from '../db/dialect';
import { queryTemplate } from '../db/query-template';
import type { VisitRow, VisitsTable } from './visit.table';

export function toVisit(row: VisitRow): Visit {
  return {
    id: row.id,
    customerId: row.customer_id,
    date: row.date,
    serviceMenu: row.service_menu,
    price: row.price === null ? null : Number(row.price),
    staffName: row.staff_name,
    notes: row.notes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    version: Number(row.version),
    deleted: fromFlag(row.deleted),
  };
}

/** Wire field name -> column, for patches. */
export const VISIT_COLUMNS = {
  customerId: 'customer_id',
  date: 'date',
  serviceMenu: 'service_menu',
  price: 'price',
  staffName: 'staff_name',
  notes: 'notes',
} as const satisfies Record<keyof VisitFields, keyof VisitsTable>;

// Templates: a push runs these once per mutation (see db/query-template.ts).
const selectVisit = queryTemplate((db, p: { id: string }) =>
  db.selectFrom('visits').selectAll().where('id', '=', p.id),
);
const insertVisitRow = queryTemplate((db, row: VisitRow) => db.insertInto('visits').values(row));

export async function findVisit(db: Db, id: string): Promise<VisitRow | undefined> {
  return (await selectVisit.execute(db, { id })).rows[0];
}

export async function insertVisit(db: Db, row: VisitRow): Promise<void> {
  await insertVisitRow.execute(db, row);
}

export async function updateVisit(db: Db, id: string, values: Updateable<VisitsTable>): Promise<void> {
  await db.updateTable('visits').set(values).where('id', '=', id).execute();
}

/** A visit with its customer's name, which REST answers show; a deleted customer's name too. */
export type VisitWithCustomer = VisitRow & { customer_name: string | null; customer_deleted: number | null };

export type VisitFilter = {
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  customerId?: string | undefined;
};

/** Live visits matching the filter: the base of the lists and of the stats. */
function liveVisits(db: Db, filter: VisitFilter) {
  let query = db.selectFrom('visits').where('visits.deleted', '=', 0);
  if (filter.dateFrom !== undefined) query = query.where('visits.date', '>=', filter.dateFrom);
  if (filter.dateTo !== undefined) query = query.where('visits.date', '<=', filter.dateTo);
  if (filter.customerId !== undefined) query = query.where('visits.customer_id', '=', filter.customerId);
  return query;
}

// A LEFT JOIN, so a visit never disappears from a list for want of its customer's row.
const withCustomer = (db: Db, filter: VisitFilter) =>
  liveVisits(db, filter)
    .leftJoin('customers', 'customers.id', 'visits.customer_id')
    .selectAll('visits')
    .select(['customers.name as customer_name', 'customers.deleted as customer_deleted']);

/** Live visits, newest first (by date, then by when they were entered), within the limit. */
export function listVisits(db: Db, filter: VisitFilter & { limit: number }): Promise<VisitWithCustomer[]> {
  return withCustomer(db, filter)
    .orderBy('visits.date', 'desc')
    .orderBy('visits.created_at', 'desc')
    .orderBy('visits.id')
    .limit(filter.limit)
    .execute();
}

/** One live visit with its customer's name. */
export function findLiveVisitWithCustomer(db: Db, id: string): Promise<VisitWithCustomer | undefined> {
  return withCustomer(db, {}).where('visits.id', '=', id).executeTakeFirst();
}

// `pg` answers count(*) and sum() of integers as text; toCount reads both.
const count = sql<number | string>`count(*)`.as('count');
const totalPrice = sql<number | string>`coalesce(sum(${sql.ref('visits.price')}), 0)`.as('total_price');
const month = sql<string>`substr(${sql.ref('visits.date')}, 1, 7)`;

/** Live visits counted and summed in SQL: all, per menu ('' for none) and per month. No price adds nothing. */
export async function visitStats(db: Db, filter: VisitFilter) {
  const totals = await liveVisits(db, filter).select([count, totalPrice]).executeTakeFirst();
  const byMenu = await liveVisits(db, filter)
    .select(['visits.service_menu', count, totalPrice])
    .groupBy('visits.service_menu')
    .orderBy('count', 'desc')
    .orderBy('visits.service_menu')
    .execute();
  const byMonth = await liveVisits(db, filter)
    .select([month.as('month'), count, totalPrice])
    .groupBy(month)
    .orderBy('month')
    .execute();
  return {
    count: toCount(totals?.count),
    totalPrice: toCount(totals?.total_price),
    byMenu: byMenu.map((r) => ({
      service_menu: r.service_menu,
      count: toCount(r.count),
      total_price: toCount(r.total_price),
    })),
    byMonth: byMonth.map((r) => ({ month: r.month, count: toCount(r.count), total_price: toCount(r.total_price) })),
  };
}
