import type { MutationArgs } from '@clinic/sync-protocol';
import { auditChange } from '../sync/audit-change';
import { patchRecord, tombstone } from '../sync/record-writes';
import { type MutatorContext, MutationRejected, liveRecord, madeBy } from '../sync/mutator-context';
import { requireCustomer, requireVisitOf } from '../visits/visit.mutators';
import type { DiagnosisRow } from './diagnosis.table';
import { DIAGNOSIS_COLUMNS, findDiagnosis, insertDiagnosis, updateDiagnosis } from './diagnoses.repository';

/** The audit log's name for a diagnosis record. */
export const DIAGNOSIS_AUDIT_NAME = 'diagnosis';

export const DIAGNOSIS_REJECTIONS = {
  notFound: '診断記録が見つかりません',
  exists: 'この診断記録は既に登録されています',
  /** For a change to one of its markers: names the record, which the person knows, not the marker. */
  deletedElsewhere: 'この診断記録は他の端末で削除されています',
} as const;

const audit = (ctx: MutatorContext, action: string, id: string, detail?: Record<string, unknown>) =>
  auditChange(ctx, { entity: DIAGNOSIS_AUDIT_NAME, action, id, detail });

const liveDiagnosis = async (ctx: MutatorContext, id: string): Promise<DiagnosisRow> =>
  liveRecord(await findDiagnosis(ctx.trx, id), DIAGNOSIS_REJECTIONS.notFound);

/** The record a marker belongs to, which must be live for the marker to change. */
export async function requireLiveDiagnosis(ctx: MutatorContext, id: string): Promise<DiagnosisRow> {
  const diagnosis = await findDiagnosis(ctx.trx, id);
  if (!diagnosis) throw new MutationRejected(DIAGNOSIS_REJECTIONS.notFound, 404);
  if (Number(diagnosis.deleted)) throw new MutationRejected(DIAGNOSIS_REJECTIONS.deletedElsewhere, 409);
  return diagnosis;
}

/**
 * The diagnosis mutations as the server applies them. Every check comes before the first write, so a
 * rejection leaves nothing behind. REST and sync both come through here. Its markers have their own
 * (pain-marker.mutators.ts).
 */
export const diagnosisMutators = {
  async 'diagnosis.create'(ctx: MutatorContext, args: MutationArgs<'diagnosis.create'>): Promise<DiagnosisRow> {
    if (await findDiagnosis(ctx.trx, args.id)) throw new MutationRejected(DIAGNOSIS_REJECTIONS.exists, 409);
    await requireCustomer(ctx, args.customerId);
    if (args.visitId !== null) await requireVisitOf(ctx, args.visitId, args.customerId);
    const row: DiagnosisRow = {
      id: args.id,
      customer_id: args.customerId,
      visit_id: args.visitId,
      date: args.date,
      general_health: args.generalHealth,
      notes: args.notes,
      created_at: ctx.now,
      updated_at: ctx.now,
      updated_by: madeBy(ctx).username,
      version: ctx.version,
      deleted: 0,
    };
    await insertDiagnosis(ctx.trx, row);
    await audit(ctx, 'diagnosis.create', row.id, { customerId: row.customer_id });
    return row;
  },

  /** Applies in arrival order; an overwritten newer value goes to the conflict log (see applyPatch). */
  async 'diagnosis.update'(ctx: MutatorContext, args: MutationArgs<'diagnosis.update'>): Promise<DiagnosisRow> {
    const current = await liveDiagnosis(ctx, args.id);
    const customerId = args.patch.customerId ?? current.customer_id;
    const visitId = args.patch.visitId === undefined ? current.visit_id : args.patch.visitId;
    if (customerId !== current.customer_id) await requireCustomer(ctx, customerId);
    // The visit must stay the customer's whichever of the two changed.
    if (visitId !== null && (visitId !== current.visit_id || customerId !== current.customer_id))
      await requireVisitOf(ctx, visitId, customerId);
    const { row, changed } = await patchRecord(
      ctx,
      { table: 'diagnoses', current, columns: DIAGNOSIS_COLUMNS, patch: args.patch, base: args.base },
      updateDiagnosis,
    );
    await audit(ctx, 'diagnosis.update', row.id, { fields: changed });
    return row;
  },

  /** A tombstone; its markers stay as they are, hidden with it (a change to one is then refused). */
  async 'diagnosis.delete'(ctx: MutatorContext, args: MutationArgs<'diagnosis.delete'>): Promise<DiagnosisRow> {
    const row = await tombstone(ctx, await liveDiagnosis(ctx, args.id), updateDiagnosis);
    await audit(ctx, 'diagnosis.delete', row.id);
    return row;
  },
};
