import { CUSTOMER_FIELDS, type CustomerField, type MutationArgs } from '@clinic/sync-protocol';
import { recordAudit } from '../audit/audit.repository';
import { nextCounter } from '../sync/counters.repository';
import { type MutatorContext, MutationRejected, REJECTION_MESSAGES } from '../sync/mutator-context';
import { insertConflict } from '../sync/problems.repository';
import type { CustomerRow } from './customer.table';
import { CUSTOMER_COLUMNS, findCustomer, insertCustomer, updateCustomer } from './customers.repository';

export const CUSTOMER_REJECTIONS = {
  notFound: '顧客が見つかりません',
  exists: 'この顧客は既に登録されています',
} as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function audit(ctx: MutatorContext, action: string, id: string, detail?: Record<string, unknown>) {
  return recordAudit(ctx.trx, {
    userId: ctx.user.id,
    username: ctx.user.username,
    action,
    entity: 'customer',
    entityId: id,
    clientId: ctx.clientId,
    ip: ctx.ip,
    detail: { ...detail, ...(ctx.mutationId === null ? {} : { mutationId: ctx.mutationId }) },
    at: new Date(ctx.now),
  });
}

async function liveCustomer(ctx: MutatorContext, id: string): Promise<CustomerRow> {
  const current = await findCustomer(ctx.trx, id);
  if (!current) throw new MutationRejected(CUSTOMER_REJECTIONS.notFound, 404);
  if (Number(current.deleted)) throw new MutationRejected(REJECTION_MESSAGES.deletedElsewhere, 409);
  return current;
}

/**
 * The customer mutations as the server applies them: the ones that count. Every check comes before
 * the first write, so a rejection leaves nothing behind. REST and sync both come through here.
 */
export const customerMutators = {
  async 'customer.create'(ctx: MutatorContext, args: MutationArgs<'customer.create'>): Promise<CustomerRow> {
    if (await findCustomer(ctx.trx, args.id)) throw new MutationRejected(CUSTOMER_REJECTIONS.exists, 409);
    const row: CustomerRow = {
      id: args.id,
      chart_number: await nextCounter(ctx.trx, 'chart_number'),
      name: args.name,
      name_kana: args.nameKana,
      age: args.age,
      gender: args.gender,
      phone: args.phone,
      email: args.email,
      address: args.address,
      medical_history: args.medicalHistory,
      created_at: ctx.now,
      updated_at: ctx.now,
      updated_by: ctx.user.username,
      version: ctx.version,
      deleted: 0,
    };
    await insertCustomer(ctx.trx, row);
    await audit(ctx, 'customer.create', row.id, { chartNumber: row.chart_number });
    return row;
  },

  /**
   * Applies in arrival order. A field whose server value is no longer the one the edit was based on
   * is still overwritten, and the lost value goes to the conflict log so no one's input vanishes.
   */
  async 'customer.update'(ctx: MutatorContext, args: MutationArgs<'customer.update'>): Promise<CustomerRow> {
    const current = await liveCustomer(ctx, args.id);
    const values: Partial<CustomerRow> = {};
    const changed: CustomerField[] = [];
    for (const field of CUSTOMER_FIELDS) {
      if (!(field in args.patch)) continue;
      const column = CUSTOMER_COLUMNS[field];
      const next = args.patch[field];
      const now = current[column];
      if (same(now, next)) continue;
      if (field in args.base && !same(now, args.base[field])) {
        await insertConflict(ctx.trx, {
          table: 'customers',
          recordId: current.id,
          field,
          overwritten: now,
          value: next,
          by: ctx.user.username,
          overwrittenBy: current.updated_by,
          at: ctx.now,
          version: ctx.version,
        });
      }
      Object.assign(values, { [column]: next });
      changed.push(field);
    }
    const row = { ...current, ...values, updated_at: ctx.now, updated_by: ctx.user.username, version: ctx.version };
    await updateCustomer(ctx.trx, current.id, { ...values, updated_at: row.updated_at, updated_by: row.updated_by, version: row.version });
    await audit(ctx, 'customer.update', current.id, { fields: changed });
    return row;
  },

  async 'customer.delete'(ctx: MutatorContext, args: MutationArgs<'customer.delete'>): Promise<CustomerRow> {
    const current = await liveCustomer(ctx, args.id);
    const row = { ...current, deleted: 1, updated_at: ctx.now, updated_by: ctx.user.username, version: ctx.version };
    await updateCustomer(ctx.trx, current.id, { deleted: 1, updated_at: row.updated_at, updated_by: row.updated_by, version: row.version });
    await audit(ctx, 'customer.delete', current.id);
    return row;
  },
};
