import type { Selectable } from 'kysely';

export interface VisitsTable {
  id: string;
  customer_id: string;
  /** 来院日, YYYY-MM-DD. */
  date: string;
  service_menu: string;
  /** 料金 in yen; null when not entered. */
  price: number | null;
  staff_name: string;
  notes: string;
  created_at: string;
  updated_at: string;
  updated_by: string | null;
  version: number;
  /** 0/1 tombstone: deleted rows stay so pulls can tell devices to drop them. */
  deleted: number;
}
export type VisitRow = Selectable<VisitsTable>;

export interface VisitTables {
  visits: VisitsTable;
}
