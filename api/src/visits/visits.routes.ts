import { VISIT_FIELDS, diffFields, visitCreateArgsSchema, visitFieldsSchema } from '@clinic/sync-protocol';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { recordRead } from '../audit/audit.repository';
import { CUSTOMER_REJECTIONS } from '../customers/customer.mutators';
import { findCustomer } from '../customers/customers.repository';
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
import { VISIT_SPEC_NAMES, visitAnswer } from './visit.answer';
import { VISIT_AUDIT_NAME, VISIT_REJECTIONS, visitMutators } from './visit.mutators';
import { findLiveVisitWithCustomer, findVisit, listVisits, toVisit, visitStats } from './visits.repository';

const QUERY_MESSAGE = '検索条件が正しくありません';
const RANGE_MESSAGE = '期間の開始日は終了日以前の日付を指定してください';
// The date rule of the visit form, so a bad one gets the same message; a blank field is no filter.
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const dateParam = z.preprocess(blankToUndefined, visitFieldsSchema.shape.date.optional());
const range = { date_from: dateParam, date_to: dateParam };
const inOrder = (q: { date_from?: string | undefined; date_to?: string | undefined }) =>
  !q.date_from || !q.date_to || q.date_from <= q.date_to;
const statsQuery = z.object(range).refine(inOrder, RANGE_MESSAGE);
const listQuery = z
  .object({ ...range, customer_id: z.uuid('顧客IDが正しくありません').optional(), limit: limitParam(1000) })
  .refine(inOrder, RANGE_MESSAGE);
const limitQuery = z.object({ limit: limitParam(1000) });

// A body may leave out the id: the server makes one, as a device does offline.
const createBody = specNamedBody({ id: 'id', ...VISIT_SPEC_NAMES }, visitCreateArgsSchema, () => ({
  id: crypto.randomUUID(),
}));
const updateBody = specNamedBody(VISIT_SPEC_NAMES, visitFieldsSchema.partial());

/** A live visit as answered; after a change, read in the change's transaction. */
async function answerOf(db: Db, id: string) {
  const row = await findLiveVisitWithCustomer(db, id);
  if (!row) throw new ApiError(404, 'NOT_FOUND', VISIT_REJECTIONS.notFound);
  return visitAnswer(row);
}

/**
 * The spec's REST visit calls, in its snake_case names. Changes go through the same server mutators
 * as sync pushes; every read of visits and every change is audited.
 */
export function visitsRoutes(ctx: Ctx) {
  const app = new Hono<AppEnv>();
  app.use('*', requireAuth(ctx));
  const caller = (c: Context<AppEnv>) => ({
    user: c.var.auth.user,
    ip: requestInfo(c).ip,
    clientId: requestInfo(c).clientId,
  });
  const auditRead = (c: Context<AppEnv>, ids: string[], via: string) =>
    recordRead(ctx.db, { ...caller(c), entity: VISIT_AUDIT_NAME, ids, via });

  app.get('/', queryParams(listQuery, QUERY_MESSAGE), async (c) => {
    const query = c.req.valid('query');
    const rows = await listVisits(ctx.db, {
      dateFrom: query.date_from,
      dateTo: query.date_to,
      customerId: query.customer_id,
      limit: query.limit,
    });
    await auditRead(
      c,
      rows.map((r) => r.id),
      'GET /api/visits',
    );
    return ok(c, rows.map(visitAnswer));
  });

  // Counts and sums only, naming no patient: not a read of records (as the customers' summary).
  app.get('/stats/summary', queryParams(statsQuery, QUERY_MESSAGE), async (c) => {
    const query = c.req.valid('query');
    return ok(c, await visitStats(ctx.db, { dateFrom: query.date_from, dateTo: query.date_to }));
  });

  // A deleted customer's visits are still listed: they are the clinical history.
  app.get('/customer/:customerId', queryParams(limitQuery, QUERY_MESSAGE), async (c) => {
    const customerId = c.req.param('customerId');
    if (!(await findCustomer(ctx.db, customerId))) throw new ApiError(404, 'NOT_FOUND', CUSTOMER_REJECTIONS.notFound);
    const rows = await listVisits(ctx.db, { customerId, limit: c.req.valid('query').limit });
    await auditRead(
      c,
      rows.map((r) => r.id),
      'GET /api/visits/customer/:customerId',
    );
    return ok(c, { visits: rows.map(visitAnswer) });
  });

  app.get('/:id', async (c) => {
    const visit = await answerOf(ctx.db, c.req.param('id'));
    await auditRead(c, [visit.id], 'GET /api/visits/:id');
    return ok(c, { ...visit, conflicts: await conflictsOfRecord(ctx.db, visit.id) });
  });

  app.post('/', jsonBody(createBody), async (c) => {
    const args = c.req.valid('json');
    const visit = await runMutation(ctx.db, caller(c), ctx.now, async (m) => {
      await visitMutators['visit.create'](m, args);
      return answerOf(m.trx, args.id);
    });
    return ok(c, visit, 201);
  });

  app.put('/:id', jsonBody(updateBody), async (c) => {
    const id = c.req.param('id');
    const body = c.req.valid('json');
    const visit = await runMutation(ctx.db, caller(c), ctx.now, async (m) => {
      const current = await findVisit(m.trx, id);
      // A REST edit is based on what the server holds now: only the fields it changes are sent on.
      const { patch, changed } = current
        ? diffFields(VISIT_FIELDS, toVisit(current), body)
        : { patch: body, changed: true };
      if (!current || Number(current.deleted) || changed)
        await visitMutators['visit.update'](m, { id, patch, base: {} });
      return answerOf(m.trx, id);
    });
    return ok(c, visit);
  });

  app.delete('/:id', async (c) => {
    const id = c.req.param('id');
    await runMutation(ctx.db, caller(c), ctx.now, (m) => visitMutators['visit.delete'](m, { id }));
    return ok(c, { id });
  });

  return app;
}
