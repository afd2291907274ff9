import { describe, expect, it } from 'vitest';
import {
  hasUnsavedAnswers,
  initialSurveyForm,
  surveyFormFor,
  surveyFormReducer,
  type SurveyFormState,
} from './survey-form-state';

const CUSTOMER = '0193a3f0-0000-4000-8000-000000000001';
const VISIT = '0193a3f0-0000-4000-8000-0000000000a1';
const answered: SurveyFormState = {
  ...initialSurveyForm,
  customerId: CUSTOMER,
  visitId: VISIT,
  answers: { pain_level: 3 },
  attempted: true,
};
const correction = {
  id: 's1',
  type: 'post' as const,
  createdAt: '2026-11-20T01:00:00.000Z',
  answers: { satisfaction: 8 },
  visitId: null,
};

describe('survey form state', () => {
  it('drops an answer cleared to nothing, so only answered questions are kept', () => {
    let state = surveyFormReducer(initialSurveyForm, { kind: 'answer', key: 'pain_areas', value: ['肩'] });
    expect(state.answers).toEqual({ pain_areas: ['肩'] });
    state = surveyFormReducer(state, { kind: 'answer', key: 'pain_areas', value: [] });
    state = surveyFormReducer(state, { kind: 'answer', key: 'expectations', value: '' });
    expect(state.answers).toEqual({});
    expect(hasUnsavedAnswers(state)).toBe(false);
  });

  it('keeps the answers when the customer changes, but not the old customer’s visit', () => {
    const state = surveyFormReducer(answered, { kind: 'customer', customerId: '0193a3f0-0000-4000-8000-000000000002' });
    expect(state.answers).toEqual({ pain_level: 3 });
    expect(state.visitId).toBeNull();
  });

  it('clears the answers and the refused save when the type changes', () => {
    const state = surveyFormReducer(answered, { kind: 'type', type: 'post' });
    expect(state).toMatchObject({ type: 'post', answers: {}, attempted: false, customerId: CUSTOMER });
  });

  it('after a new survey is saved, clears the answers but keeps the patient, the type and the visit', () => {
    const state = surveyFormReducer({ ...answered, type: 'post', visitId: VISIT }, { kind: 'saved' });
    expect(state).toEqual({ ...initialSurveyForm, customerId: CUSTOMER, type: 'post', visitId: VISIT });
  });

  it('opens for the session patient on the type and visit handed over, never a visit without a patient', () => {
    expect(surveyFormFor(CUSTOMER, 'post', VISIT)).toEqual({
      ...initialSurveyForm,
      customerId: CUSTOMER,
      type: 'post',
      visitId: VISIT,
    });
    expect(surveyFormFor(null, 'pre', VISIT).visitId).toBeNull();
  });

  it('loads a saved survey for correction and counts it unsaved only once it differs', () => {
    let state = surveyFormReducer(answered, { kind: 'correct', correction: { ...correction, customerId: CUSTOMER } });
    expect(state).toMatchObject({
      type: 'post',
      answers: { satisfaction: 8 },
      visitId: null,
      correction,
      attempted: false,
    });
    expect(hasUnsavedAnswers(state)).toBe(false);
    state = surveyFormReducer(state, { kind: 'answer', key: 'satisfaction', value: 9 });
    expect(hasUnsavedAnswers(state)).toBe(true);
  });

  it('after a correction is saved or given up, keeps the customer and leaves correcting', () => {
    const correcting = surveyFormReducer(answered, {
      kind: 'correct',
      correction: { ...correction, visitId: VISIT, customerId: CUSTOMER },
    });
    expect(surveyFormReducer(correcting, { kind: 'saved' })).toMatchObject({
      customerId: CUSTOMER,
      correction: null,
      answers: {},
      visitId: null,
    });
    expect(surveyFormReducer(correcting, { kind: 'clear' })).toMatchObject({
      customerId: CUSTOMER,
      correction: null,
      answers: {},
      visitId: null,
    });
  });
});
