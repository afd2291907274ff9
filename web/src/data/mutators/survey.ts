import type { MutationArgs } from '@clinic/sync-protocol';
import { checkSurveyAnswers } from '@clinic/sync-protocol/surveys';
import { type LocalContext, createLocal, updateLocal } from './local-context';

/** Survey mutations as the device applies them, repeatable on every rebase (see customer.ts). */
export const surveyMutators = {
  'survey.submit': (ctx: LocalContext, args: MutationArgs<'survey.submit'>) => createLocal(ctx, 'surveys', args),

  async 'survey.update'(ctx: LocalContext, args: MutationArgs<'survey.update'>) {
    const current = await ctx.db.surveys.get(args.id);
    // Answers must fit the record's own type; ones that do not are left for the server to refuse
    // visibly, rather than shown here as if saved.
    if (current && args.patch.answers && !checkSurveyAnswers(current.type, args.patch.answers).ok) return undefined;
    return updateLocal(ctx, 'surveys', args.id, args.patch);
  },
};
