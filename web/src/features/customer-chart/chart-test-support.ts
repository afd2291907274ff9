import type { Survey, Visit } from '@clinic/sync-protocol';
import type { LocalSurvey, LocalVisit } from '../../data/clinic-db';
import { localSurvey as baseSurvey, localVisit as baseVisit } from '../../test-utils/sync-fixtures';

/** A visit as the device holds it after a pull (pending 0 unless given). */
export const localVisit = (fields: Partial<LocalVisit> & Pick<Visit, 'id' | 'customerId' | 'date'>): LocalVisit =>
  baseVisit({
    serviceMenu: '',
    price: null,
    staffName: '',
    updatedBy: 'admin',
    createdAt: `${fields.date}T01:00:00.000Z`,
    updatedAt: `${fields.date}T01:00:00.000Z`,
    ...fields,
  });

const PRE_ANSWERS = {
  pain_level: 4,
  pain_areas: ['首', '肩'],
  sleep_quality: 'good',
  stress_level: 6,
  expectations: '',
};
const POST_ANSWERS = {
  pain_improvement: 3,
  satisfaction: 8,
  comfort: 'comfortable',
  side_effects: 'none',
  recommend: 'probably',
  comments: '楽になりました',
};

/** A survey with complete answers of its type (pending 0 unless given). */
export const localSurvey = (
  fields: Partial<LocalSurvey> & Pick<Survey, 'id' | 'customerId' | 'type' | 'createdAt'>,
): LocalSurvey =>
  baseSurvey({
    answers: fields.type === 'pre' ? PRE_ANSWERS : POST_ANSWERS,
    updatedAt: fields.createdAt,
    updatedBy: 'admin',
    ...fields,
  });
