import { z } from 'zod';
import { SURVEY_MESSAGES } from '../surveys/answers';
import { SURVEY_TYPES } from '../surveys/questions';
import { recordMetaSchema } from './record-meta';
import { storableString } from './text';

export const surveyTypeSchema = z.enum(SURVEY_TYPES, { error: SURVEY_MESSAGES.typeInvalid });

/**
 * Answers by question key, as they travel and are stored. Their shape per question is checked against
 * the definitions by checkSurveyAnswers, which needs the survey's type: the create's args carry it,
 * an update's mutator reads it from the record.
 */
export const surveyAnswersSchema = z.record(
  z.string().max(50),
  z.union([z.number(), storableString().max(5000), z.array(storableString().max(50)).max(20)]),
);

/** What a person can correct after submitting: the answers, and which visit they belong to. */
export const surveyFieldsSchema = z.object({
  visitId: z.uuid().nullable(),
  answers: surveyAnswersSchema,
});
export type SurveyFields = z.infer<typeof surveyFieldsSchema>;
export type SurveyField = keyof SurveyFields;
export const SURVEY_FIELDS = Object.keys(surveyFieldsSchema.shape) as SurveyField[];

/** A survey (アンケート) as stored and synced: one patient's answers to one survey type. */
export const surveySchema = surveyFieldsSchema
  .extend({
    id: z.uuid(),
    customerId: z.uuid({ error: SURVEY_MESSAGES.customerRequired }),
    type: surveyTypeSchema,
  })
  .extend(recordMetaSchema.shape);
export type Survey = z.infer<typeof surveySchema>;
