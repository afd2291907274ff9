import {
  type Appointment,
  type AppointmentFields,
  type AppointmentStatus,
  appointmentsOverlap,
} from '@clinic/sync-protocol';
import type { Updateable } from 'kysely';
import type { Db } from '../db/dialect';
import { fromFlag } from '../db/dialect';
import { queryTemplate } from '../db/query-template';
import type { AppointmentRow, AppointmentsTable } from './appointment.table';

export function toAppointment(row: AppointmentRow): Appointment {
  return {
    id: row.id,
    customerId: row.customer_id,
    date: row.date,
    start: row.start,
    minutes: Number(row.minutes),
    staffName: row.staff_name,
    serviceMenu: row.service_menu,
    notes: row.notes,
    // Written only through the protocol's enum.
    status: row.status as AppointmentStatus,
    visitId: row.visit_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    version: Number(row.version),
    deleted: fromFlag(row.deleted),
  };
}

/** Wire field name -> column, for patches. */
export const APPOINTMENT_COLUMNS = {
  customerId: 'customer_id',
  date: 'date',
  start: 'start',
  minutes: 'minutes',
  staffName: 'staff_name',
  serviceMenu: 'service_menu',
  notes: 'notes',
  status: 'status',
  visitId: 'visit_id',
} as const satisfies Record<keyof AppointmentFields, keyof AppointmentsTable>;

// Templates: a push runs these once per mutation (see db/query-template.ts).
const selectAppointment = queryTemplate((db, p: { id: string }) =>
  db.selectFrom('appointments').selectAll().where('id', '=', p.id),
);
const insertAppointmentRow = queryTemplate((db, row: AppointmentRow) => db.insertInto('appointments').values(row));
// One 施術者's day, through the (staff_name, date) index: what an overlap is looked for in.
const selectStaffDay = queryTemplate((db, p: { staffName: string; date: string }) =>
  db
    .selectFrom('appointments')
    .selectAll()
    .where('staff_name', '=', p.staffName)
    .where('date', '=', p.date)
    .where('deleted', '=', 0),
);

export async function findAppointment(db: Db, id: string): Promise<AppointmentRow | undefined> {
  return (await selectAppointment.execute(db, { id })).rows[0];
}

export async function insertAppointment(db: Db, row: AppointmentRow): Promise<void> {
  await insertAppointmentRow.execute(db, row);
}

export async function updateAppointment(db: Db, id: string, values: Updateable<AppointmentsTable>): Promise<void> {
  await db.updateTable('appointments').set(values).where('id', '=', id).execute();
}

/** The ids of the live appointments that overlap this one (same 施術者 and day, neither cancelled). */
export async function overlapsOf(db: Db, row: AppointmentRow): Promise<string[]> {
  const day = (await selectStaffDay.execute(db, { staffName: row.staff_name, date: row.date })).rows.map(toAppointment);
  const self = toAppointment(row);
  return day.filter((other) => appointmentsOverlap(self, other)).map((other) => other.id);
}

export type AppointmentFilter = {
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  staffName?: string | undefined;
  customerId?: string | undefined;
};

/** A live appointment with its customer's name, which REST answers show. */
export type AppointmentWithCustomer = AppointmentRow & { customer_name: string | null };

// A LEFT JOIN, so an appointment never disappears from a list for want of its customer's row.
const withCustomer = (db: Db) =>
  db
    .selectFrom('appointments')
    .leftJoin('customers', 'customers.id', 'appointments.customer_id')
    .selectAll('appointments')
    .select('customers.name as customer_name')
    .where('appointments.deleted', '=', 0);

/** One live appointment with its customer's name. */
export function findLiveAppointmentWithCustomer(db: Db, id: string): Promise<AppointmentWithCustomer | undefined> {
  return withCustomer(db).where('appointments.id', '=', id).executeTakeFirst();
}

/** Live appointments matching the filter, by day and start, within the limit. */
export function listAppointments(
  db: Db,
  filter: AppointmentFilter & { limit: number },
): Promise<AppointmentWithCustomer[]> {
  let query = withCustomer(db);
  if (filter.dateFrom !== undefined) query = query.where('appointments.date', '>=', filter.dateFrom);
  if (filter.dateTo !== undefined) query = query.where('appointments.date', '<=', filter.dateTo);
  if (filter.staffName !== undefined) query = query.where('appointments.staff_name', '=', filter.staffName);
  if (filter.customerId !== undefined) query = query.where('appointments.customer_id', '=', filter.customerId);
  return query
    .orderBy('appointments.date')
    .orderBy('appointments.start')
    .orderBy('appointments.id')
    .limit(filter.limit)
    .execute();
}
