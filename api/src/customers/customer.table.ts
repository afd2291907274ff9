import type { Selectable } from 'kysely';
import type { Gender } from '@clinic/sync-protocol';

export interface CustomersTable {
  id: string;
  /** カルテ番号: made by the server on create, increasing, never reused. */
  chart_number: number;
  name: string;
  name_kana: string;
  age: number | null;
  /** 生年月日, YYYY-MM-DD. */
  birth_date: string | null;
  gender: Gender;
  phone: string;
  email: string;
  address: string;
  medical_history: string;
  created_at: string;
  updated_at: string;
  updated_by: string | null;
  version: number;
  /** 0/1 tombstone: deleted rows stay so pulls can tell devices to drop them. */
  deleted: number;
}
export type CustomerRow = Selectable<CustomersTable>;

export interface CustomerTables {
  customers: CustomersTable;
}
