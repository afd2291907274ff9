import type { MutationArgs } from '@clinic/sync-protocol';
import { auditChange } from '../sync/audit-change';
import { patchRecord } from '../sync/record-writes';
import { type MutatorContext, MutationRejected, liveRecord, madeBy } from '../sync/mutator-context';
import { requireCustomer, requireVisitOf } from '../visits/visit.mutators';
import type { AppointmentRow } from './appointment.table';
import {
  APPOINTMENT_COLUMNS,
  findAppointment,
  insertAppointment,
  overlapsOf,
  updateAppointment,
} from './appointments.repository';

/** The audit log's name for an appointment record. */
export const APPOINTMENT_AUDIT_NAME = 'appointment';

export const APPOINTMENT_REJECTIONS = {
  notFound: '予約が見つかりません',
  exists: 'この予約は既に登録されています',
} as const;

/**
 * The audit row, naming the appointments this one overlaps once applied. An overlap is a state of the
 * records, never a rejection: two tablets that booked one slot offline both keep their booking, and the
 * book shows 予約が重なっています on both until someone moves or cancels one.
 */
async function audit(ctx: MutatorContext, action: string, row: AppointmentRow, detail: Record<string, unknown>) {
  const overlaps = await overlapsOf(ctx.trx, row);
  await auditChange(ctx, {
    entity: APPOINTMENT_AUDIT_NAME,
    action,
    id: row.id,
    detail: { ...detail, ...(overlaps.length ? { overlaps } : {}) },
  });
}

const liveAppointment = async (ctx: MutatorContext, id: string): Promise<AppointmentRow> =>
  liveRecord(await findAppointment(ctx.trx, id), APPOINTMENT_REJECTIONS.notFound);

/** The appointment mutations as the server applies them; every check before the first write. */
export const appointmentMutators = {
  async 'appointment.create'(ctx: MutatorContext, args: MutationArgs<'appointment.create'>): Promise<AppointmentRow> {
    if (await findAppointment(ctx.trx, args.id)) throw new MutationRejected(APPOINTMENT_REJECTIONS.exists, 409);
    await requireCustomer(ctx, args.customerId);
    if (args.visitId !== null) await requireVisitOf(ctx, args.visitId, args.customerId);
    const row: AppointmentRow = {
      id: args.id,
      customer_id: args.customerId,
      date: args.date,
      start: args.start,
      minutes: args.minutes,
      staff_name: args.staffName,
      service_menu: args.serviceMenu,
      notes: args.notes,
      status: args.status,
      visit_id: args.visitId,
      created_at: ctx.now,
      updated_at: ctx.now,
      updated_by: madeBy(ctx).username,
      version: ctx.version,
      deleted: 0,
    };
    await insertAppointment(ctx.trx, row);
    await audit(ctx, 'appointment.create', row, { customerId: row.customer_id });
    return row;
  },

  /** Moving, cancelling, 来院済み: applied in arrival order; an overwritten newer value goes to the conflict log. */
  async 'appointment.update'(ctx: MutatorContext, args: MutationArgs<'appointment.update'>): Promise<AppointmentRow> {
    const current = await liveAppointment(ctx, args.id);
    const { customerId, visitId } = args.patch;
    if (customerId !== undefined && customerId !== current.customer_id) await requireCustomer(ctx, customerId);
    if (visitId) await requireVisitOf(ctx, visitId, customerId ?? current.customer_id);
    const { row, changed } = await patchRecord(
      ctx,
      { table: 'appointments', current, columns: APPOINTMENT_COLUMNS, patch: args.patch, base: args.base },
      updateAppointment,
    );
    await audit(ctx, 'appointment.update', row, { fields: changed });
    return row;
  },
};
