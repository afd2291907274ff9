import type { MutationArgs } from '@clinic/sync-protocol';
import { auditChange } from '../sync/audit-change';
import { type MutatorContext, MutationRejected, madeBy } from '../sync/mutator-context';
import { requireCustomer, requireVisitOf } from '../visits/visit.mutators';
import type { MediaRow } from './media.table';
import { findMedia, insertMedia } from './media.repository';

/** The audit log's name for a photo or video record. */
export const MEDIA_AUDIT_NAME = 'media';

export const MEDIA_REJECTIONS = {
  notFound: '写真・動画が見つかりません',
  exists: 'この写真・動画は既に登録されています',
} as const;

/**
 * Records a capture. `stored` is given when its file is already in the media store (the multipart
 * upload writes the file first, then the record): then the record starts as uploaded. A device's
 * capture always arrives before its file (the tus upload refuses an id the server does not know),
 * so through sync it starts as not uploaded.
 */
export async function createMedia(
  ctx: MutatorContext,
  args: MutationArgs<'media.create'>,
  stored?: { bytes: number },
): Promise<MediaRow> {
  if (await findMedia(ctx.trx, args.id)) throw new MutationRejected(MEDIA_REJECTIONS.exists, 409);
  await requireCustomer(ctx, args.customerId);
  if (args.visitId !== null) await requireVisitOf(ctx, args.visitId, args.customerId);
  const row: MediaRow = {
    id: args.id,
    customer_id: args.customerId,
    visit_id: args.visitId,
    kind: args.kind,
    mime: args.mime,
    size: args.size,
    duration: args.duration,
    width: args.width,
    height: args.height,
    captured_at: args.capturedAt,
    quality: args.quality,
    uploaded: stored ? 1 : 0,
    stored_bytes: stored?.bytes ?? null,
    created_at: ctx.now,
    updated_at: ctx.now,
    updated_by: madeBy(ctx).username,
    version: ctx.version,
    deleted: 0,
  };
  await insertMedia(ctx.trx, row);
  await auditChange(ctx, {
    entity: MEDIA_AUDIT_NAME,
    action: 'media.create',
    id: row.id,
    detail: { customerId: row.customer_id, kind: row.kind, size: row.size, uploaded: Boolean(stored) },
  });
  return row;
}

/** The media mutations as the server applies them; every check comes before the first write. */
export const mediaMutators = {
  'media.create': (ctx: MutatorContext, args: MutationArgs<'media.create'>): Promise<MediaRow> =>
    createMedia(ctx, args),
};
