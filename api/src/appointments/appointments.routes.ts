import {
  APPOINTMENT_FIELDS,
  appointmentCreateArgsSchema,
  appointmentFieldsSchema,
  diffFields,
  findOverlaps,
  visitFieldsSchema,
} from '@clinic/sync-protocol';
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
import { jsonBody, queryParams } from '../http/validate';
import { runMutation } from '../sync/run-mutation';
import { APPOINTMENT_AUDIT_NAME, APPOINTMENT_REJECTIONS, appointmentMutators } from './appointment.mutators';
import {
  type AppointmentWithCustomer,
  findAppointment,
  findLiveAppointmentWithCustomer,
  listAppointments,
  overlapsOf,
  toAppointment,
} from './appointments.repository';

const QUERY_MESSAGE = '検索条件が正しくありません';
const RANGE_MESSAGE = '期間の開始日は終了日以前の日付を指定してください';
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const dateParam = z.preprocess(blankToUndefined, visitFieldsSchema.shape.date.optional());
const listQuery = z
  .object({
    date_from: dateParam,
    date_to: dateParam,
    staff: z.preprocess(blankToUndefined, z.string().max(100).optional()),
    customer_id: z.uuid('顧客IDが正しくありません').optional(),
    limit: limitParam(1000),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, RANGE_MESSAGE);

// A body may leave out the id: the server makes one, as a device does offline.
const createBody = z.preprocess(
  (v) => (typeof v === 'object' && v !== null && !('id' in v) ? { ...v, id: crypto.randomUUID() } : v),
  appointmentCreateArgsSchema,
);
const updateBody = appointmentFieldsSchema.partial();

const answer = (row: AppointmentWithCustomer, overlaps: string[]) => ({
  ...toAppointment(row),
  customerName: row.customer_name,
  /** The appointments this one overlaps (same 施術者, overlapping times, neither cancelled). */
  overlaps,
});

async function answerOf(db: Db, id: string) {
  const row = await findLiveAppointmentWithCustomer(db, id);
  if (!row) throw new ApiError(404, 'NOT_FOUND', APPOINTMENT_REJECTIONS.notFound);
  return answer(row, await overlapsOf(db, row));
}

/**
 * /api/appointments beside the sync: a range of days, one 施術者's or one patient's appointments, each
 * with the ones it overlaps. Changes go through the same server mutators as sync pushes; reads are audited.
 */
export function appointmentsRoutes(ctx: Ctx) {
  const app = new Hono<AppEnv>();
  app.use('*', requireAuth(ctx));
  const caller = (c: Context<AppEnv>) => ({ user: c.var.auth.user, ip: requestInfo(c).ip });
  const auditRead = (c: Context<AppEnv>, ids: string[], via: string) =>
    recordRead(ctx.db, { ...caller(c), entity: APPOINTMENT_AUDIT_NAME, ids, via });

  app.get('/', queryParams(listQuery, QUERY_MESSAGE), async (c) => {
    const q = c.req.valid('query');
    const rows = await listAppointments(ctx.db, {
      dateFrom: q.date_from,
      dateTo: q.date_to,
      staffName: q.staff,
      customerId: q.customer_id,
      limit: q.limit,
    });
    const overlaps = findOverlaps(rows.map(toAppointment));
    await auditRead(
      c,
      rows.map((r) => r.id),
      'GET /api/appointments',
    );
    return ok(
      c,
      rows.map((r) => answer(r, overlaps.get(r.id) ?? [])),
    );
  });

  // The 予約表's columns: the people an administrator marked as 施術者 (names only, no patient data).
  app.get('/practitioners', async (c) => {
    const rows = await ctx.db
      .selectFrom('users')
      .select('username')
      .where('deleted', '=', 0)
      .where('treats', '=', 1)
      .orderBy('created_at')
      .orderBy('username')
      .execute();
    return ok(c, { practitioners: rows.map((r) => r.username) });
  });

  app.get('/:id', async (c) => {
    const appointment = await answerOf(ctx.db, c.req.param('id'));
    await auditRead(c, [appointment.id], 'GET /api/appointments/:id');
    return ok(c, appointment);
  });

  app.post('/', jsonBody(createBody), async (c) => {
    const args = c.req.valid('json');
    const appointment = await runMutation(ctx.db, caller(c), ctx.now, async (m) => {
      await appointmentMutators['appointment.create'](m, args);
      return answerOf(m.trx, args.id);
    });
    return ok(c, appointment, 201);
  });

  app.put('/:id', jsonBody(updateBody), async (c) => {
    const id = c.req.param('id');
    const body = c.req.valid('json');
    const appointment = await runMutation(ctx.db, caller(c), ctx.now, async (m) => {
      const current = await findAppointment(m.trx, id);
      // A REST edit is based on what the server holds now: only the fields it changes are sent on.
      const { patch, changed } = current
        ? diffFields(APPOINTMENT_FIELDS, toAppointment(current), body)
        : { patch: body, changed: true };
      if (!current || Number(current.deleted) || changed)
        await appointmentMutators['appointment.update'](m, { id, patch, base: {} });
      return answerOf(m.trx, id);
    });
    return ok(c, appointment);
  });

  return app;
}
