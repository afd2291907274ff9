import { checkSurveyAnswers } from '@clinic/sync-protocol';
import { useMemo, useReducer } from 'react';
import { type SurveyFormState, surveyFormReducer } from './survey-form-state';
import { NO_PROBLEMS, surveyProblems } from './survey-problems';

/**
 * The survey being answered, and what stops it being saved. Problems show only after 保存 was refused,
 * and are worked out again as answers change, so a mark goes as soon as its question is answered.
 */
export function useSurveyForm(initial: () => SurveyFormState) {
  const [state, dispatch] = useReducer(surveyFormReducer, undefined, initial);
  const check = useMemo(() => checkSurveyAnswers(state.type, state.answers), [state.type, state.answers]);
  const problems = useMemo(() => (state.attempted ? surveyProblems(state, check) : NO_PROBLEMS), [state, check]);
  return { state, dispatch, check, problems };
}
