import type { MutationArgs } from '@clinic/sync-protocol';
import { findMedia } from '../media/media.repository';
import { MEDIA_REJECTIONS } from '../media/media.mutators';
import { auditChange } from '../sync/audit-change';
import { type MutatorContext, MutationRejected, madeBy } from '../sync/mutator-context';
import { requireCustomer, requireVisitOf } from '../visits/visit.mutators';
import { findFaceAnalysis, insertFaceAnalysis } from './face-analysis.repository';
import type { FaceAnalysisRow } from './face-analysis.table';

/** The audit log's name for an expression analysis. */
export const FACE_ANALYSIS_AUDIT_NAME = 'faceAnalysis';

export const FACE_ANALYSIS_REJECTIONS = {
  exists: 'この表情分析は既に登録されています',
  mediaOfOtherCustomer: '選択した写真・動画はこの顧客のものではありません',
  otherContent: 'この表情分析は別の内容で既に登録されています',
} as const;

/**
 * The photo or clip an analysis names must be one of its own customer's. One deleted meanwhile is
 * accepted, as a deleted visit is (see requireVisitOf): the analysis of it is real.
 */
async function requireMediaOf(ctx: MutatorContext, mediaId: string, customerId: string): Promise<void> {
  const media = await findMedia(ctx.trx, mediaId);
  if (!media) throw new MutationRejected(MEDIA_REJECTIONS.notFound, 404);
  if (media.customer_id !== customerId) throw new MutationRejected(FACE_ANALYSIS_REJECTIONS.mediaOfOtherCustomer);
}

/** Records an analysis made on a device or by the server's analyze route; every check comes before the write. */
export async function createFaceAnalysis(
  ctx: MutatorContext,
  args: MutationArgs<'faceAnalysis.create'>,
): Promise<FaceAnalysisRow> {
  if (await findFaceAnalysis(ctx.trx, args.id)) throw new MutationRejected(FACE_ANALYSIS_REJECTIONS.exists, 409);
  await requireCustomer(ctx, args.customerId);
  if (args.visitId !== null) await requireVisitOf(ctx, args.visitId, args.customerId);
  if (args.mediaId !== null) await requireMediaOf(ctx, args.mediaId, args.customerId);
  const row: FaceAnalysisRow = {
    id: args.id,
    customer_id: args.customerId,
    visit_id: args.visitId,
    media_id: args.mediaId,
    source: args.source,
    analysed_at: args.analysedAt,
    processing_time: args.processingTime,
    faces: JSON.stringify(args.faces),
    frames: args.frames === null ? null : JSON.stringify(args.frames),
    engine: args.engine,
    created_at: ctx.now,
    updated_at: ctx.now,
    updated_by: madeBy(ctx).username,
    version: ctx.version,
    deleted: 0,
  };
  await insertFaceAnalysis(ctx.trx, row);
  await auditChange(ctx, {
    entity: FACE_ANALYSIS_AUDIT_NAME,
    action: 'faceAnalysis.create',
    id: row.id,
    detail: {
      customerId: row.customer_id,
      source: row.source,
      faces: args.faces.length,
      mediaId: row.media_id,
      engine: row.engine,
    },
  });
  return row;
}

/** The face-analysis mutations as the server applies them. */
export const faceAnalysisMutators = {
  'faceAnalysis.create': (ctx: MutatorContext, args: MutationArgs<'faceAnalysis.create'>): Promise<FaceAnalysisRow> =>
    createFaceAnalysis(ctx, args),
};
