import { z } from 'zod';
import { surveyFieldsSchema, surveyTypeSchema } from '../entities/survey';
import { SURVEY_MESSAGES, checkSurveyAnswers } from '../surveys/answers';
import { NOTHING_CHANGED } from './nothing-changed';

/** A new survey: its answers must fit its type's questions, or nothing is stored. */
export const surveySubmitArgsSchema = surveyFieldsSchema
  .extend({
    id: z.uuid(),
    customerId: z.uuid({ error: SURVEY_MESSAGES.customerRequired }),
    type: surveyTypeSchema,
    visitId: surveyFieldsSchema.shape.visitId.default(null),
  })
  .superRefine((args, ctx) => {
    const check = checkSurveyAnswers(args.type, args.answers);
    if (!check.ok) ctx.addIssue({ code: 'custom', path: ['answers'], message: check.message });
  });
export type SurveySubmitArgs = z.input<typeof surveySubmitArgsSchema>;

/**
 * Corrected answers (the whole set, checked by the mutators against the record's type) or visit,
 * plus the values the edit was based on.
 */
export const surveyUpdateArgsSchema = z.object({
  id: z.uuid(),
  patch: surveyFieldsSchema.partial().refine((p) => Object.keys(p).length > 0, NOTHING_CHANGED),
  base: surveyFieldsSchema.partial(),
});
export type SurveyUpdateArgs = z.infer<typeof surveyUpdateArgsSchema>;

export const surveyMutationArgs = {
  'survey.submit': surveySubmitArgsSchema,
  'survey.update': surveyUpdateArgsSchema,
} as const;
