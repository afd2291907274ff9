import { type SurveyAnswers, type SurveyFields, SURVEY_FIELDS, answerCount, diffFields } from '@clinic/sync-protocol';
import { useCallback, useRef } from 'react';
import { mutateAsCurrentUser } from '../../data';
import type { Correction, SurveyFormState } from './survey-form-state';

/** What a save did: a new survey (with its answer count, for the message), a correction, or nothing to correct. */
export type SurveySaveResult =
  { outcome: 'submitted'; count: number } | { outcome: 'updated' } | { outcome: 'unchanged' };

/** The checked form: a customer, and answers that passed checkSurveyAnswers. */
export type CheckedSurvey = Pick<SurveyFormState, 'type' | 'visitId' | 'correction'> & {
  customerId: string;
  answers: SurveyAnswers;
};

async function correct(correction: Correction, next: SurveyFields): Promise<SurveySaveResult> {
  const original: SurveyFields = { answers: correction.answers, visitId: correction.visitId };
  const { patch, base, changed } = diffFields(SURVEY_FIELDS, original, next);
  if (!changed) return { outcome: 'unchanged' };
  await mutateAsCurrentUser('survey.update', { id: correction.id, patch, base });
  return { outcome: 'updated' };
}

/**
 * Saves on this device at once, offline too (the sync engine sends it on): a new survey gets its id
 * here; a correction sends only what changed and what it replaced. Throws LocalWriteError when nothing
 * could be stored (the form keeps the answers). Resolves null while an earlier save is being stored.
 */
export function useSaveSurvey() {
  const inFlight = useRef(false);
  return useCallback(async (survey: CheckedSurvey): Promise<SurveySaveResult | null> => {
    if (inFlight.current) return null; // a second tap on 保存 while the first is stored
    inFlight.current = true;
    try {
      const { customerId, type, visitId, answers, correction } = survey;
      if (correction) return await correct(correction, { answers, visitId });
      await mutateAsCurrentUser('survey.submit', { id: crypto.randomUUID(), customerId, type, visitId, answers });
      return { outcome: 'submitted', count: answerCount(answers) };
    } finally {
      inFlight.current = false;
    }
  }, []);
}
