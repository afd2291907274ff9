import type { MutationArgs } from '@clinic/sync-protocol';
import type { Updateable } from 'kysely';
import { applyPatch } from '../sync/apply-patch';
import { auditChange } from '../sync/audit-change';
import { tombstone } from '../sync/record-writes';
import { type MutatorContext, MutationRejected, liveRecord, madeBy } from '../sync/mutator-context';
import { requireLiveDiagnosis } from './diagnosis.mutators';
import type { PainMarkerRow, PainMarkersTable } from './diagnosis.table';
import { PAIN_MARKER_COLUMNS, findPainMarker, insertPainMarker, updatePainMarker } from './pain-markers.repository';

/** The audit log's name for one pain marker. */
export const PAIN_MARKER_AUDIT_NAME = 'painMarker';

export const PAIN_MARKER_REJECTIONS = {
  notFound: '痛みの箇所が見つかりません',
  exists: 'この痛みの箇所は既に登録されています',
} as const;

const audit = (ctx: MutatorContext, action: string, row: PainMarkerRow, detail?: Record<string, unknown>) =>
  auditChange(ctx, {
    entity: PAIN_MARKER_AUDIT_NAME,
    action,
    id: row.id,
    detail: { diagnosisId: row.diagnosis_id, ...detail },
  });

const toFlag = (value: boolean): number => (value ? 1 : 0);

/** A live marker of a live record: a spot of a record deleted elsewhere is not changed. */
async function liveMarker(ctx: MutatorContext, id: string): Promise<PainMarkerRow> {
  const marker = liveRecord(await findPainMarker(ctx.trx, id), PAIN_MARKER_REJECTIONS.notFound);
  await requireLiveDiagnosis(ctx, marker.diagnosis_id);
  return marker;
}

/**
 * The pain-marker mutations. Each spot is its own record, so edits of different spots never meet,
 * while the same spot edited on two devices is a conflict per field like any other record's.
 */
export const painMarkerMutators = {
  async 'painMarker.create'(ctx: MutatorContext, args: MutationArgs<'painMarker.create'>): Promise<PainMarkerRow> {
    if (await findPainMarker(ctx.trx, args.id)) throw new MutationRejected(PAIN_MARKER_REJECTIONS.exists, 409);
    await requireLiveDiagnosis(ctx, args.diagnosisId);
    const row: PainMarkerRow = {
      id: args.id,
      diagnosis_id: args.diagnosisId,
      number: args.number,
      view: args.view,
      x: args.x,
      y: args.y,
      region: args.region,
      body_part: args.bodyPart,
      pain_level: args.painLevel,
      notes: args.notes,
      resolved: toFlag(args.resolved),
      created_at: ctx.now,
      updated_at: ctx.now,
      updated_by: madeBy(ctx).username,
      version: ctx.version,
      deleted: 0,
    };
    await insertPainMarker(ctx.trx, row);
    await audit(ctx, 'painMarker.create', row);
    return row;
  },

  /** Applies in arrival order; an overwritten newer value goes to the conflict log (see applyPatch). */
  async 'painMarker.update'(ctx: MutatorContext, args: MutationArgs<'painMarker.update'>): Promise<PainMarkerRow> {
    const current = await liveMarker(ctx, args.id);
    // Compared and logged as the wire's boolean, not the stored 0/1.
    const record = { ...current, resolved: Boolean(Number(current.resolved)) };
    const { values, changed } = await applyPatch(ctx, {
      table: 'painMarkers',
      current: record,
      columns: PAIN_MARKER_COLUMNS,
      patch: args.patch,
      base: args.base,
    });
    const { resolved, ...others } = values;
    const row: PainMarkerRow = {
      ...current,
      ...others,
      resolved: resolved === undefined ? current.resolved : toFlag(resolved),
      updated_at: ctx.now,
      updated_by: madeBy(ctx).username,
      version: ctx.version,
    };
    const columns: Updateable<PainMarkersTable> = {
      ...others,
      updated_at: row.updated_at,
      updated_by: row.updated_by,
      version: row.version,
    };
    if (resolved !== undefined) columns.resolved = row.resolved;
    await updatePainMarker(ctx.trx, current.id, columns);
    await audit(ctx, 'painMarker.update', current, { fields: changed });
    return row;
  },

  async 'painMarker.delete'(ctx: MutatorContext, args: MutationArgs<'painMarker.delete'>): Promise<PainMarkerRow> {
    const row = await tombstone(ctx, await liveMarker(ctx, args.id), updatePainMarker);
    await audit(ctx, 'painMarker.delete', row);
    return row;
  },
};
