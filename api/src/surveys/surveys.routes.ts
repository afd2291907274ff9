import { surveySubmitArgsSchema } from '@clinic/sync-protocol';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { recordRead } from '../audit/audit.repository';
import type { Db } from '../db/dialect';
import type { Ctx } from '../deps';
import type { AppEnv } from '../http/app-env';
import { requireAuth } from '../http/auth-middleware';
import { ApiError, ok } from '../http/envelope';
import { limitParam } from '../http/limit-param';
import { requestInfo } from '../http/request-info';
import { specNamedBody } from '../http/spec-names';
import { jsonBody, queryParams } from '../http/validate';
import { conflictsOfRecord } from '../sync/problems.repository';
import { runMutation } from '../sync/run-mutation';
import { surveyAnswer } from './survey.answer';
import { SURVEY_AUDIT_NAME, SURVEY_REJECTIONS, surveyMutators } from './survey.mutators';
import { findLiveSurveyWithCustomer, listSurveys } from './surveys.repository';

const listQuery = z.object({ customerId: z.uuid('顧客IDが正しくありません').optional(), limit: limitParam(1000) });

/** The spec's names; the answers are checked against the type's questions by the shared schema. */
const SURVEY_SPEC_NAMES = {
  id: 'id',
  customer_id: 'customerId',
  type: 'type',
  visit_id: 'visitId',
  answers: 'answers',
} as const;
// A body may leave out the id: the server makes one, as a device does offline.
const submitBody = specNamedBody(SURVEY_SPEC_NAMES, surveySubmitArgsSchema, () => ({ id: crypto.randomUUID() }));

/** A live survey as answered; after a change, read in the change's transaction. */
async function answerOf(db: Db, id: string) {
  const row = await findLiveSurveyWithCustomer(db, id);
  if (!row) throw new ApiError(404, 'NOT_FOUND', SURVEY_REJECTIONS.notFound);
  return surveyAnswer(row);
}

/**
 * REST calls for surveys (the spec has them local only; we keep them, see DESIGN.md). A submit goes
 * through the same server mutator as a sync push; every read and change is audited.
 */
export function surveysRoutes(ctx: Ctx) {
  const app = new Hono<AppEnv>();
  app.use('*', requireAuth(ctx));
  const caller = (c: Context<AppEnv>) => ({
    user: c.var.auth.user,
    ip: requestInfo(c).ip,
    clientId: requestInfo(c).clientId,
  });
  const auditRead = (c: Context<AppEnv>, ids: string[], via: string) =>
    recordRead(ctx.db, { ...caller(c), entity: SURVEY_AUDIT_NAME, ids, via });

  app.get('/', queryParams(listQuery, '検索条件が正しくありません'), async (c) => {
    const rows = await listSurveys(ctx.db, c.req.valid('query'));
    await auditRead(
      c,
      rows.map((r) => r.id),
      'GET /api/surveys',
    );
    return ok(c, rows.map(surveyAnswer));
  });

  app.get('/:id', async (c) => {
    const survey = await answerOf(ctx.db, c.req.param('id'));
    await auditRead(c, [survey.id], 'GET /api/surveys/:id');
    return ok(c, { ...survey, conflicts: await conflictsOfRecord(ctx.db, survey.id) });
  });

  app.post('/', jsonBody(submitBody), async (c) => {
    const args = c.req.valid('json');
    const survey = await runMutation(ctx.db, caller(c), ctx.now, async (m) => {
      await surveyMutators['survey.submit'](m, args);
      return answerOf(m.trx, args.id);
    });
    return ok(c, survey, 201);
  });

  return app;
}
