import { changedRows } from '../sync/changed-rows';
import { defineServerEntity } from '../sync/server-entity';
import type { SurveyRow } from './survey.table';
import { SURVEY_AUDIT_NAME, surveyMutators } from './survey.mutators';
import { SURVEY_COLUMNS, toSurvey } from './surveys.repository';

/** Surveys as the sync engine and the audit see them. */
export const surveyEntity = defineServerEntity<'surveys', SurveyRow>('surveys', {
  auditName: SURVEY_AUDIT_NAME,
  columns: SURVEY_COLUMNS,
  mutators: surveyMutators,
  changedBetween: async (db, after, upTo, limit) =>
    (await changedRows(db, 'surveys', after, upTo, limit)).map(toSurvey),
});
