import { changedRows } from '../sync/changed-rows';
import { defineServerEntity } from '../sync/server-entity';
import { FACE_ANALYSIS_AUDIT_NAME, faceAnalysisMutators } from './face-analysis.mutators';
import { FACE_ANALYSIS_COLUMNS, toFaceAnalysis } from './face-analysis.repository';
import type { FaceAnalysisRow } from './face-analysis.table';

/** Expression analyses as the sync engine and the audit see them: made once, never edited. */
export const faceAnalysisEntity = defineServerEntity<'faceAnalyses', FaceAnalysisRow>('faceAnalyses', {
  auditName: FACE_ANALYSIS_AUDIT_NAME,
  columns: FACE_ANALYSIS_COLUMNS,
  mutators: faceAnalysisMutators,
  changedBetween: async (db, after, upTo, limit) =>
    (await changedRows(db, 'face_analyses', after, upTo, limit)).map(toFaceAnalysis),
});
