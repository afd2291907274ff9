import { type AnswersCheck, SURVEY_MESSAGES } from '@clinic/sync-protocol';
import type { SurveyFormState } from './survey-form-state';

/** What stops a save, in the spec's words, and which questions to mark. */
export type SurveyProblems = { customer: string | null; answers: string | null; missing: readonly string[] };

export const NO_PROBLEMS: SurveyProblems = { customer: null, answers: null, missing: [] };

/**
 * The problems of the form as it stands: a correction already has its customer; the answers' message
 * (必須項目が入力されていません: and the question texts) is the shared check's own.
 */
export function surveyProblems(state: Pick<SurveyFormState, 'customerId'>, check: AnswersCheck): SurveyProblems {
  return {
    customer: state.customerId === null ? SURVEY_MESSAGES.customerRequired : null,
    answers: check.ok ? null : check.message,
    missing: check.ok ? [] : check.missing,
  };
}
