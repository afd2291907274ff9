import type { Selectable } from 'kysely';
import type { SurveyType } from '@clinic/sync-protocol';

export interface SurveysTable {
  id: string;
  customer_id: string;
  visit_id: string | null;
  type: SurveyType;
  /** JSON text of the answers by question key, checked against the type's questions before it is written. */
  answers: string;
  created_at: string;
  updated_at: string;
  updated_by: string | null;
  version: number;
  /** 0/1 tombstone, as for every synced table. */
  deleted: number;
}
export type SurveyRow = Selectable<SurveysTable>;

export interface SurveyTables {
  surveys: SurveysTable;
}
