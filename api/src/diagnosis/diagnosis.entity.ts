import { changedRows } from '../sync/changed-rows';
import { defineServerEntity } from '../sync/server-entity';
import type { DiagnosisRow } from './diagnosis.table';
import { DIAGNOSIS_AUDIT_NAME, diagnosisMutators } from './diagnosis.mutators';
import { DIAGNOSIS_COLUMNS, toDiagnosis } from './diagnoses.repository';

/** Diagnosis records as the sync engine and the audit see them. */
export const diagnosisEntity = defineServerEntity<'diagnoses', DiagnosisRow>('diagnoses', {
  auditName: DIAGNOSIS_AUDIT_NAME,
  columns: DIAGNOSIS_COLUMNS,
  mutators: diagnosisMutators,
  changedBetween: async (db, after, upTo, limit) =>
    (await changedRows(db, 'diagnoses', after, upTo, limit)).map(toDiagnosis),
});
