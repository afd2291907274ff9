import {
  CUSTOMER_FIELDS,
  CUSTOMER_SEARCH_LIMIT,
  type Customer,
  customerAge,
  customerFieldsSchema,
  diffFields,
  japanMonthStart,
  newCustomerFieldsSchema,
  storableString,
  todayInJapan,
} from '@clinic/sync-protocol';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { recordRead } from '../audit/audit.repository';
import type { Ctx } from '../deps';
import type { AppEnv } from '../http/app-env';
import { requireAuth } from '../http/auth-middleware';
import { ApiError, ok } from '../http/envelope';
import { requestInfo } from '../http/request-info';
import { jsonBody, queryParams } from '../http/validate';
import { runMutation } from '../sync/run-mutation';
import { conflictsOfRecord } from '../sync/problems.repository';
import { CUSTOMER_AUDIT_NAME, CUSTOMER_REJECTIONS, customerMutators } from './customer.mutators';
import type { CustomerRow } from './customer.table';
import { customerStats, findCustomer, searchCustomers, toCustomer } from './customers.repository';

const LIMIT_MESSAGE = '件数は1から1000の整数で指定してください';
const listQuery = z.object({
  search: storableString().max(100, '検索語は100文字以内で入力してください').optional(),
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(1000, LIMIT_MESSAGE)
    .default(CUSTOMER_SEARCH_LIMIT),
});
const createBody = newCustomerFieldsSchema.extend({ id: z.uuid().optional() });
const updateBody = customerFieldsSchema.partial();

/**
 * The spec's REST customer calls. Changes go through the same server mutators as sync pushes;
 * every read and change is audited.
 */
export function customersRoutes(ctx: Ctx) {
  const app = new Hono<AppEnv>();
  app.use('*', requireAuth(ctx));
  const caller = (c: Context<AppEnv>) => ({
    user: c.var.auth.user,
    ip: requestInfo(c).ip,
    clientId: requestInfo(c).clientId,
  });
  const auditRead = (c: Context<AppEnv>, ids: string[], via: string) =>
    recordRead(ctx.db, { ...caller(c), entity: CUSTOMER_AUDIT_NAME, ids, via });
  // The spec's `age` is a number: with a birth date it is the age today, which the stored row cannot keep.
  const answer = (row: CustomerRow): Customer => {
    const customer = toCustomer(row);
    return { ...customer, age: customerAge(customer, todayInJapan(ctx.now())) };
  };

  app.get('/', queryParams(listQuery, '検索条件が正しくありません'), async (c) => {
    const rows = await searchCustomers(ctx.db, c.req.valid('query'));
    await auditRead(
      c,
      rows.map((r) => r.id),
      'GET /api/customers',
    );
    return ok(c, rows.map(answer));
  });

  app.get('/stats/summary', async (c) => {
    // "This month" is the clinic's month, in Japan, whatever the server's time zone (a container runs in UTC).
    return ok(c, await customerStats(ctx.db, japanMonthStart(ctx.now()).toISOString()));
  });

  app.get('/:id', async (c) => {
    const row = await findCustomer(ctx.db, c.req.param('id'));
    if (!row || Number(row.deleted)) throw new ApiError(404, 'NOT_FOUND', CUSTOMER_REJECTIONS.notFound);
    await auditRead(c, [row.id], 'GET /api/customers/:id');
    return ok(c, { ...answer(row), conflicts: await conflictsOfRecord(ctx.db, row.id) });
  });

  app.post('/', jsonBody(createBody), async (c) => {
    const { id, ...fields } = c.req.valid('json');
    const args = { ...fields, id: id ?? crypto.randomUUID() };
    const row = await runMutation(ctx.db, caller(c), ctx.now, (m) => customerMutators['customer.create'](m, args));
    return ok(c, answer(row), 201);
  });

  app.put('/:id', jsonBody(updateBody), async (c) => {
    const id = c.req.param('id');
    const body = c.req.valid('json');
    const row = await runMutation(ctx.db, caller(c), ctx.now, async (m) => {
      const current = await findCustomer(m.trx, id);
      // A REST edit is based on what the server holds now: only the fields it changes are sent on.
      const { patch, changed } = current
        ? diffFields(CUSTOMER_FIELDS, toCustomer(current), body)
        : { patch: body, changed: true };
      if (current && !Number(current.deleted) && !changed) return current;
      return customerMutators['customer.update'](m, { id, patch, base: {} });
    });
    return ok(c, answer(row));
  });

  app.delete('/:id', async (c) => {
    const id = c.req.param('id');
    await runMutation(ctx.db, caller(c), ctx.now, (m) => customerMutators['customer.delete'](m, { id }));
    return ok(c, { id });
  });

  return app;
}
