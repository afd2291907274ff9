import type { MutationArgs } from '@clinic/sync-protocol';
import { CUSTOMER_REJECTIONS } from '../customers/customer.mutators';
import { findCustomer } from '../customers/customers.repository';
import { auditChange } from '../sync/audit-change';
import { patchRecord, tombstone } from '../sync/record-writes';
import { type MutatorContext, MutationRejected, liveRecord, madeBy } from '../sync/mutator-context';
import type { VisitRow } from './visit.table';
import { VISIT_COLUMNS, findVisit, insertVisit, updateVisit } from './visits.repository';

/** The audit log's name for a visit record. */
export const VISIT_AUDIT_NAME = 'visit';

export const VISIT_REJECTIONS = {
  notFound: '来院記録が見つかりません',
  exists: 'この来院記録は既に登録されています',
  ofOtherCustomer: '選択した来院記録はこの顧客のものではありません',
} as const;

const audit = (ctx: MutatorContext, action: string, id: string, detail?: Record<string, unknown>) =>
  auditChange(ctx, { entity: VISIT_AUDIT_NAME, action, id, detail });

/**
 * The customer a visit belongs to must have been registered. A customer deleted meanwhile is accepted
 * on purpose: a visit entered offline for a customer deleted on another device is real clinical
 * history, so it is kept (the app shows the name with 削除済み) rather than thrown away.
 */
export async function requireCustomer(ctx: MutatorContext, customerId: string): Promise<void> {
  if (!(await findCustomer(ctx.trx, customerId))) throw new MutationRejected(CUSTOMER_REJECTIONS.notFound, 404);
}

/**
 * A record linked to a visit (a survey, a diagnosis) must name one of its own customer's visits. One
 * deleted meanwhile is accepted, as a deleted customer is (see requireCustomer): the record is real.
 */
export async function requireVisitOf(ctx: MutatorContext, visitId: string, customerId: string): Promise<void> {
  const visit = await findVisit(ctx.trx, visitId);
  if (!visit) throw new MutationRejected(VISIT_REJECTIONS.notFound, 404);
  if (visit.customer_id !== customerId) throw new MutationRejected(VISIT_REJECTIONS.ofOtherCustomer);
}

const liveVisit = async (ctx: MutatorContext, id: string): Promise<VisitRow> =>
  liveRecord(await findVisit(ctx.trx, id), VISIT_REJECTIONS.notFound);

/**
 * The visit mutations as the server applies them. Every check comes before the first write, so a
 * rejection leaves nothing behind. REST and sync both come through here.
 */
export const visitMutators = {
  async 'visit.create'(ctx: MutatorContext, args: MutationArgs<'visit.create'>): Promise<VisitRow> {
    if (await findVisit(ctx.trx, args.id)) throw new MutationRejected(VISIT_REJECTIONS.exists, 409);
    await requireCustomer(ctx, args.customerId);
    const row: VisitRow = {
      id: args.id,
      customer_id: args.customerId,
      date: args.date,
      service_menu: args.serviceMenu,
      price: args.price,
      // The device sends the logged-in user's name; a visit entered without one is the sender's.
      staff_name: args.staffName || madeBy(ctx).username,
      notes: args.notes,
      created_at: ctx.now,
      updated_at: ctx.now,
      updated_by: madeBy(ctx).username,
      version: ctx.version,
      deleted: 0,
    };
    await insertVisit(ctx.trx, row);
    await audit(ctx, 'visit.create', row.id, { customerId: row.customer_id });
    return row;
  },

  /** Applies in arrival order; an overwritten newer value goes to the conflict log (see applyPatch). */
  async 'visit.update'(ctx: MutatorContext, args: MutationArgs<'visit.update'>): Promise<VisitRow> {
    const current = await liveVisit(ctx, args.id);
    const { customerId } = args.patch;
    if (customerId !== undefined && customerId !== current.customer_id) await requireCustomer(ctx, customerId);
    const { row, changed } = await patchRecord(
      ctx,
      { table: 'visits', current, columns: VISIT_COLUMNS, patch: args.patch, base: args.base },
      updateVisit,
    );
    await audit(ctx, 'visit.update', row.id, { fields: changed });
    return row;
  },

  async 'visit.delete'(ctx: MutatorContext, args: MutationArgs<'visit.delete'>): Promise<VisitRow> {
    const row = await tombstone(ctx, await liveVisit(ctx, args.id), updateVisit);
    await audit(ctx, 'visit.delete', row.id);
    return row;
  },
};
