import { SURVEY_TYPE_LABELS, type SurveyType, isSurveyType } from '@clinic/sync-protocol/surveys';
import { ja } from '../../i18n/ja';
import { surveyMutators } from '../mutators/survey';
import { customerLabelOf } from './customer-name';
import { stringAt } from './read-args';
import type { WebEntity } from './web-entity';

const t = ja.entities.surveys;
const typeLabel = (type: SurveyType) => SURVEY_TYPE_LABELS[type];

export const surveyEntity: WebEntity<'surveys'> = {
  mutators: surveyMutators,
  recordName: async (db, survey) =>
    t.record(ja.entities.customers.record(await customerLabelOf(db, survey.customerId)), typeLabel(survey.type)),
  nameInArgs: (args) => {
    const type = stringAt(args, 'type');
    return type !== null && isSurveyType(type) ? t.record(null, typeLabel(type)) : null;
  },
  unknownRecord: t.unknown,
  recordGone: t.recordGone,
  mutationLabels: t.mutations,
  fieldLabels: ja.surveys.fieldLabels,
  // Answers are a set; the chart shows them question by question.
  formatValue: () => null,
  retry: { 'survey.submit': 'as-new', 'survey.update': 'rebase' },
  keepsTombstones: false,
};
