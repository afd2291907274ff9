import { fromFlag } from '../db/dialect';
import { type SurveyWithCustomer, toSurvey } from './surveys.repository';

/** A survey as the REST calls answer it, in the spec's snake_case, with its customer's name. */
export function surveyAnswer(row: SurveyWithCustomer) {
  const survey = toSurvey(row);
  return {
    id: survey.id,
    customer_id: survey.customerId,
    customer_name: row.customer_name,
    customer_deleted: row.customer_deleted !== null && fromFlag(row.customer_deleted),
    visit_id: survey.visitId,
    type: survey.type,
    answers: survey.answers,
    created_at: survey.createdAt,
    updated_at: survey.updatedAt,
    version: survey.version,
  };
}
