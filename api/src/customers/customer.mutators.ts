import { toFullWidthKatakana, type MutationArgs } from '@clinic/sync-protocol';
import { auditChange } from '../sync/audit-change';
import { patchRecord, tombstone } from '../sync/record-writes';
import { nextCounter } from '../sync/counters.repository';
import { type MutatorContext, MutationRejected, liveRecord, madeBy } from '../sync/mutator-context';
import type { CustomerRow } from './customer.table';
import { CUSTOMER_COLUMNS, findCustomer, insertCustomer, updateCustomer } from './customers.repository';

/** The audit log's name for a customer record. */
export const CUSTOMER_AUDIT_NAME = 'customer';

export const CUSTOMER_REJECTIONS = {
  notFound: '顧客が見つかりません',
  exists: 'この顧客は既に登録されています',
} as const;

const audit = (ctx: MutatorContext, action: string, id: string, detail?: Record<string, unknown>) =>
  auditChange(ctx, { entity: CUSTOMER_AUDIT_NAME, action, id, detail });

/**
 * The フリガナ as stored: full-width katakana however it was typed (ｽｽﾞｷ, すずき), as the web form stores it,
 * so a REST call or an older device's push stores the same. Done here, not in the shared schema, so the
 * wire protocol stays as it is.
 */
const withStoredKana = <T extends { nameKana?: string }>(fields: T): T =>
  fields.nameKana === undefined ? fields : { ...fields, nameKana: toFullWidthKatakana(fields.nameKana) };

const liveCustomer = async (ctx: MutatorContext, id: string): Promise<CustomerRow> =>
  liveRecord(await findCustomer(ctx.trx, id), CUSTOMER_REJECTIONS.notFound);

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
      name_kana: toFullWidthKatakana(args.nameKana),
      age: args.age,
      birth_date: args.birthDate,
      gender: args.gender,
      phone: args.phone,
      email: args.email,
      address: args.address,
      medical_history: args.medicalHistory,
      created_at: ctx.now,
      updated_at: ctx.now,
      updated_by: madeBy(ctx).username,
      version: ctx.version,
      deleted: 0,
    };
    await insertCustomer(ctx.trx, row);
    await audit(ctx, 'customer.create', row.id, { chartNumber: row.chart_number });
    return row;
  },

  /** Applies in arrival order; an overwritten newer value goes to the conflict log (see applyPatch). */
  async 'customer.update'(ctx: MutatorContext, args: MutationArgs<'customer.update'>): Promise<CustomerRow> {
    const current = await liveCustomer(ctx, args.id);
    const { row, changed } = await patchRecord(
      ctx,
      { table: 'customers', current, columns: CUSTOMER_COLUMNS, patch: withStoredKana(args.patch), base: args.base },
      updateCustomer,
    );
    await audit(ctx, 'customer.update', row.id, { fields: changed });
    return row;
  },

  async 'customer.delete'(ctx: MutatorContext, args: MutationArgs<'customer.delete'>): Promise<CustomerRow> {
    const row = await tombstone(ctx, await liveCustomer(ctx, args.id), updateCustomer);
    await audit(ctx, 'customer.delete', row.id);
    return row;
  },
};
