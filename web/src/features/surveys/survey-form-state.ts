import { type AnswerValue, type SurveyAnswers, type SurveyType, sameValue } from '@clinic/sync-protocol';

/** The saved survey being corrected: what the correction is compared with when it is saved. */
export type Correction = {
  id: string;
  type: SurveyType;
  createdAt: string;
  answers: SurveyAnswers;
  visitId: string | null;
};

export type SurveyFormState = {
  customerId: string | null;
  type: SurveyType;
  visitId: string | null;
  /** Only answered questions have a key: a cleared answer is removed, so "anything typed?" is a key count. */
  answers: SurveyAnswers;
  correction: Correction | null;
  /** 保存 was pressed and refused: from then on the problems show, and go as they are fixed. */
  attempted: boolean;
};

export type SurveyFormAction =
  | { kind: 'customer'; customerId: string | null }
  | { kind: 'type'; type: SurveyType }
  | { kind: 'visit'; visitId: string | null }
  | { kind: 'answer'; key: string; value: AnswerValue | undefined }
  | { kind: 'attempt' }
  | { kind: 'clear' }
  | { kind: 'correct'; correction: Correction & { customerId: string } }
  | { kind: 'saved' }
  /** The form as its owner left it when the session passed to someone else (drafts/). */
  | { kind: 'restore'; state: SurveyFormState };

export const initialSurveyForm: SurveyFormState = {
  customerId: null,
  type: 'pre',
  visitId: null,
  answers: {},
  correction: null,
  attempted: false,
};

/** A blank form for the session's patient, opened on a type and visit (the chart hands them over). */
export const surveyFormFor = (
  customerId: string | null,
  type: SurveyType = 'pre',
  visitId: string | null = null,
): SurveyFormState => ({ ...initialSurveyForm, customerId, type, visitId: customerId ? visitId : null });

const isBlank = (value: AnswerValue) => value === '' || (Array.isArray(value) && value.length === 0);

/** Would clearing the form lose something? Answers typed, or a correction changed from what was saved. */
export function hasUnsavedAnswers(state: SurveyFormState): boolean {
  const { correction } = state;
  if (!correction) return Object.keys(state.answers).length > 0;
  return !sameValue(state.answers, correction.answers) || state.visitId !== correction.visitId;
}

export function surveyFormReducer(state: SurveyFormState, action: SurveyFormAction): SurveyFormState {
  switch (action.kind) {
    case 'customer':
      // The answers stay: they are the patient's, whoever was picked by mistake. A visit is the old customer's.
      return action.customerId === state.customerId
        ? state
        : { ...state, customerId: action.customerId, visitId: null };
    case 'type':
      return action.type === state.type ? state : { ...state, type: action.type, answers: {}, attempted: false };
    case 'visit':
      return { ...state, visitId: action.visitId };
    case 'answer': {
      const answers = { ...state.answers };
      if (action.value === undefined || isBlank(action.value)) delete answers[action.key];
      else answers[action.key] = action.value;
      return { ...state, answers };
    }
    case 'attempt':
      return { ...state, attempted: true };
    case 'clear':
      // Leaving a correction also lets go of the visit it had loaded.
      return {
        ...state,
        answers: {},
        attempted: false,
        correction: null,
        visitId: state.correction ? null : state.visitId,
      };
    case 'correct': {
      const { customerId, ...correction } = action.correction;
      return {
        customerId,
        type: correction.type,
        visitId: correction.visitId,
        answers: correction.answers,
        correction,
        attempted: false,
      };
    }
    case 'restore':
      return action.state;
    case 'saved':
      // A correction is staff work: the customer stays, with the corrected survey in the list below.
      if (state.correction) return { ...initialSurveyForm, customerId: state.customerId, type: state.type };
      // A new survey: the answers go (the next questionnaire starts blank) but the patient and the visit
      // stay, the session's patient (issue 24): 施術後 follows 施術前 for the same appointment.
      return { ...initialSurveyForm, customerId: state.customerId, type: state.type, visitId: state.visitId };
  }
}
