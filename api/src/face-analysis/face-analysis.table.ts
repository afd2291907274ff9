import type { Selectable } from 'kysely';
import type { FaceAnalysisSource } from '@clinic/sync-protocol';

export interface FaceAnalysesTable {
  /** The id the analysing device (or the server) made. */
  id: string;
  customer_id: string;
  visit_id: string | null;
  /** The photo or clip analysed, when it was kept. */
  media_id: string | null;
  source: FaceAnalysisSource;
  analysed_at: string;
  /** Milliseconds on the machine that ran the analysis. */
  processing_time: number;
  /** JSON text of the faces, checked by the shared schema before it is written and when read back. */
  faces: string;
  /** JSON text of a video's sampled frames; null for a photo. */
  frames: string | null;
  engine: string;
  created_at: string;
  updated_at: string;
  updated_by: string | null;
  version: number;
  /** 0/1 tombstone, as for every synced table. */
  deleted: number;
}
export type FaceAnalysisRow = Selectable<FaceAnalysesTable>;

export interface FaceAnalysisTables {
  face_analyses: FaceAnalysesTable;
}
