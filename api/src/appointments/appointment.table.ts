import type { Selectable } from 'kysely';

export interface AppointmentsTable {
  id: string;
  customer_id: string;
  /** YYYY-MM-DD (Japan). */
  date: string;
  /** HH:MM. */
  start: string;
  minutes: number;
  /** 施術者. */
  staff_name: string;
  service_menu: string;
  notes: string;
  /** booked | visited | cancelled | noShow. */
  status: string;
  visit_id: string | null;
  created_at: string;
  updated_at: string;
  updated_by: string | null;
  version: number;
  /** 0/1 tombstone (appointments are cancelled, not deleted; the column is every synced table's). */
  deleted: number;
}
export type AppointmentRow = Selectable<AppointmentsTable>;

export interface AppointmentTables {
  appointments: AppointmentsTable;
}
