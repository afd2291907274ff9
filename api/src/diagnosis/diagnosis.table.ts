import type { Selectable } from 'kysely';
import type { BodyView } from '@clinic/sync-protocol';

export interface DiagnosesTable {
  id: string;
  customer_id: string;
  /** The visit this record was made at, when one was chosen. */
  visit_id: string | null;
  /** 診断日, YYYY-MM-DD. */
  date: string;
  general_health: string;
  notes: string;
  created_at: string;
  updated_at: string;
  updated_by: string | null;
  version: number;
  /** 0/1 tombstone, as for every synced table. */
  deleted: number;
}
export type DiagnosisRow = Selectable<DiagnosesTable>;

/** One spot on the body figure; a record of its own so offline edits of different spots never collide. */
export interface PainMarkersTable {
  id: string;
  diagnosis_id: string;
  number: number;
  view: BodyView;
  /** Percent of the figure, one decimal, as an 8-byte double on both databases. */
  x: number;
  y: number;
  region: string | null;
  body_part: string;
  pain_level: number;
  notes: string;
  /** 0/1: 消失, a carried-forward spot that has healed. */
  resolved: number;
  created_at: string;
  updated_at: string;
  updated_by: string | null;
  version: number;
  deleted: number;
}
export type PainMarkerRow = Selectable<PainMarkersTable>;

export interface DiagnosisTables {
  diagnoses: DiagnosesTable;
  pain_markers: PainMarkersTable;
}
