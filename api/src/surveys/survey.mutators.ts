import { type MutationArgs, type SurveyAnswers, type SurveyType, checkSurveyAnswers } from '@clinic/sync-protocol';
import type { Updateable } from 'kysely';
import { applyPatch } from '../sync/apply-patch';
import { auditChange } from '../sync/audit-change';
import { type MutatorContext, MutationRejected, liveRecord, madeBy } from '../sync/mutator-context';
import { requireCustomer, requireVisitOf } from '../visits/visit.mutators';
import type { SurveyRow, SurveysTable } from './survey.table';
import { SURVEY_COLUMNS, findSurvey, insertSurvey, parseAnswers, updateSurvey } from './surveys.repository';

/** The audit log's name for a survey record. */
export const SURVEY_AUDIT_NAME = 'survey';

export const SURVEY_REJECTIONS = {
  notFound: 'アンケートが見つかりません',
  exists: 'このアンケートは既に登録されています',
} as const;

const audit = (ctx: MutatorContext, action: string, id: string, detail?: Record<string, unknown>) =>
  auditChange(ctx, { entity: SURVEY_AUDIT_NAME, action, id, detail });

/** The answers as stored (text trimmed, blank optional answers dropped), or the check's message. */
function checkedAnswers(type: SurveyType, answers: SurveyAnswers): SurveyAnswers {
  const check = checkSurveyAnswers(type, answers);
  if (!check.ok) throw new MutationRejected(check.message);
  return check.answers;
}

const liveSurvey = async (ctx: MutatorContext, id: string): Promise<SurveyRow> =>
  liveRecord(await findSurvey(ctx.trx, id), SURVEY_REJECTIONS.notFound);

/**
 * The survey mutations as the server applies them. Every check comes before the first write, so a
 * rejection leaves nothing behind. REST and sync both come through here.
 */
export const surveyMutators = {
  async 'survey.submit'(ctx: MutatorContext, args: MutationArgs<'survey.submit'>): Promise<SurveyRow> {
    if (await findSurvey(ctx.trx, args.id)) throw new MutationRejected(SURVEY_REJECTIONS.exists, 409);
    await requireCustomer(ctx, args.customerId);
    if (args.visitId !== null) await requireVisitOf(ctx, args.visitId, args.customerId);
    const row: SurveyRow = {
      id: args.id,
      customer_id: args.customerId,
      visit_id: args.visitId,
      type: args.type,
      answers: JSON.stringify(checkedAnswers(args.type, args.answers)),
      created_at: ctx.now,
      updated_at: ctx.now,
      updated_by: madeBy(ctx).username,
      version: ctx.version,
      deleted: 0,
    };
    await insertSurvey(ctx.trx, row);
    await audit(ctx, 'survey.submit', row.id, { customerId: row.customer_id, type: row.type });
    return row;
  },

  /**
   * Applies in arrival order, as every update does. The answers are one field: compared by content,
   * and a changed set overwritten meanwhile goes to the conflict log whole.
   */
  async 'survey.update'(ctx: MutatorContext, args: MutationArgs<'survey.update'>): Promise<SurveyRow> {
    const current = await liveSurvey(ctx, args.id);
    const patch = { ...args.patch };
    if (patch.answers !== undefined) patch.answers = checkedAnswers(current.type, patch.answers);
    if (patch.visitId && patch.visitId !== current.visit_id)
      await requireVisitOf(ctx, patch.visitId, current.customer_id);
    // Compared and logged as objects, not as the stored text.
    const record = { ...current, answers: parseAnswers(current.answers) };
    const { values, changed } = await applyPatch(ctx, {
      table: 'surveys',
      current: record,
      columns: SURVEY_COLUMNS,
      patch,
      base: args.base,
    });
    const { answers, ...others } = values;
    const row: SurveyRow = {
      ...current,
      ...others,
      answers: answers === undefined ? current.answers : JSON.stringify(answers),
      updated_at: ctx.now,
      updated_by: madeBy(ctx).username,
      version: ctx.version,
    };
    const columns: Updateable<SurveysTable> = {
      ...others,
      updated_at: row.updated_at,
      updated_by: row.updated_by,
      version: row.version,
    };
    if (answers !== undefined) columns.answers = row.answers;
    await updateSurvey(ctx.trx, current.id, columns);
    await audit(ctx, 'survey.update', current.id, { fields: changed });
    return row;
  },
};
