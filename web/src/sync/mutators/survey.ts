import { checkSurveyAnswers, type MutationArgs, type Survey } from '@clinic/sync-protocol';
import { type LocalContext, putPending, serverShape } from './local-context';

/** Survey mutations as the device applies them, repeatable on every rebase (see customer.ts). */
export const surveyMutators = {
  async 'survey.submit'(ctx: LocalContext, args: MutationArgs<'survey.submit'>) {
    const current = await ctx.db.surveys.get(args.id);
    const row: Survey = {
      ...args,
      createdAt: current?.createdAt ?? ctx.clientTime,
      updatedAt: ctx.clientTime,
      updatedBy: ctx.userName,
      version: current?.version ?? 0,
      deleted: false,
    };
    return putPending(ctx.db.surveys, row, current);
  },

  async 'survey.update'(ctx: LocalContext, args: MutationArgs<'survey.update'>) {
    const current = await ctx.db.surveys.get(args.id);
    if (!current || current.deleted) return undefined;
    // Answers must fit the record's own type; ones that do not are left for the server to refuse
    // visibly, rather than shown here as if saved.
    if (args.patch.answers && !checkSurveyAnswers(current.type, args.patch.answers).ok) return undefined;
    const row: Survey = { ...serverShape(current), ...args.patch, updatedAt: ctx.clientTime, updatedBy: ctx.userName };
    return putPending(ctx.db.surveys, row, current);
  },
};
