import { MEDIA_LIMITS, sniffMediaType } from '@clinic/sync-protocol';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { recordAudit, recordRead } from '../audit/audit.repository';
import type { Ctx } from '../deps';
import { requireAuth } from '../http/auth-middleware';
import { ApiError, fail, ok } from '../http/envelope';
import { requestInfo } from '../http/request-info';
import { queryParams } from '../http/validate';
import { type MediaEnv, readerOf, tokenOrLink } from './media-access';
import { dispositionOf, streamFile } from './media-file';
import type { MediaDeps } from './media-finish';
import { uploadBudget } from './upload-budget';
import { thumbnailOf } from './media-images';
import { linkKey, signLink } from './media-link';
import { MEDIA_SERVER_MESSAGES as M } from './media-messages';
import { parseRange } from './media-range';
import { type MediaOptions, type MediaStore, isMediaId, lazyMediaStore } from './media-store';
import { tusHandler } from './media-tus';
import { uploadHandler } from './media-upload';
import { MEDIA_AUDIT_NAME, MEDIA_REJECTIONS } from './media.mutators';
import { findMedia, listCustomerMedia, mediaAnswer } from './media.repository';
import { sizeLimit } from '../http/size-limit';

const listQuery = z.object({ customerId: z.uuid(M.customerIdInvalid) });
export const POSTER_MAX_BYTES = 1024 * 1024;
/** Room for the multipart form around the largest file. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;

/**
 * Photos and videos: tus uploads and the spec's multipart upload into one store, the list of a
 * customer's captures, one record, its file (streamed, with ranges), its thumbnail or poster.
 * Every read and write is audited. `store` is given when other routes (face analysis) keep photos in
 * the same store.
 */
export function mediaRoutes(ctx: Ctx, options: MediaOptions = {}, store: () => MediaStore = lazyMediaStore(options)) {
  const budget = uploadBudget(() => ctx.accountLimits, ctx.now);
  const deps: MediaDeps = { db: ctx.db, now: ctx.now, store, budget };
  const limits = options.limits ?? MEDIA_LIMITS;
  const key = linkKey(ctx.config.tokenSecret);
  const auth = requireAuth(ctx);
  const reader = tokenOrLink(ctx, key);
  const app = new Hono<MediaEnv>();
  const caller = (c: Context<MediaEnv>) => ({
    user: c.var.auth.user,
    ip: requestInfo(c).ip,
    clientId: requestInfo(c).clientId,
  });
  const auditRead = (c: Context<MediaEnv>, ids: string[], via: string) =>
    recordRead(ctx.db, { ...readerOf(c), entity: MEDIA_AUDIT_NAME, ids, via });

  /** A live record by the path's id, else 404. */
  async function liveRow(id: string) {
    const row = isMediaId(id) ? await findMedia(ctx.db, id) : undefined;
    if (!row || Number(row.deleted)) throw new ApiError(404, 'NOT_FOUND', MEDIA_REJECTIONS.notFound);
    return row;
  }

  // tus first: `/tus` must not be taken for an id by the routes below.
  const tus = tusHandler(deps);
  app.use('/tus/*', auth);
  app.all('/tus', tus);
  app.all('/tus/:id', tus);

  const formLimit = sizeLimit(Math.max(limits.photoBytes, limits.videoBytes) + FORM_OVERHEAD_BYTES, M.videoTooLarge);
  app.post('/upload', auth, formLimit, uploadHandler(deps));

  app.get('/', auth, queryParams(listQuery, M.customerIdInvalid), async (c) => {
    const rows = await listCustomerMedia(ctx.db, c.req.valid('query').customerId);
    await recordRead(ctx.db, {
      ...caller(c),
      entity: MEDIA_AUDIT_NAME,
      ids: rows.map((r) => r.id),
      via: 'GET /api/media',
    });
    return ok(c, rows.map(mediaAnswer));
  });

  app.get('/:id', auth, async (c) => {
    const row = await liveRow(c.req.param('id'));
    await recordRead(ctx.db, { ...caller(c), entity: MEDIA_AUDIT_NAME, ids: [row.id], via: 'GET /api/media/:id' });
    return ok(c, mediaAnswer(row));
  });

  app.post('/:id/link', auth, async (c) => {
    const row = await liveRow(c.req.param('id'));
    if (!Number(row.uploaded)) throw new ApiError(404, 'NOT_FOUND', M.notUploaded);
    const { sig, exp } = signLink(key, row.id, c.var.auth.sessionId, ctx.now());
    await recordAudit(ctx.db, {
      userId: c.var.auth.user.id,
      username: c.var.auth.user.username,
      action: 'media.link',
      entity: MEDIA_AUDIT_NAME,
      entityId: row.id,
      ip: requestInfo(c).ip,
      clientId: requestInfo(c).clientId,
      detail: { exp },
    });
    // The device the link is for rides along (unsigned, as the X-Client-Id header is: it only names
    // the device in the access log), since an <img src> sends no header.
    const device = requestInfo(c).clientId;
    const query = new URLSearchParams({ sig, exp: String(exp), ...(device ? { cid: device } : {}) });
    return ok(c, {
      url: `/api/media/${row.id}/file?${query.toString()}`,
      sig,
      exp,
      expiresAt: new Date(exp * 1000).toISOString(),
    });
  });

  app.get('/:id/file', reader, async (c) => {
    const row = await liveRow(c.req.param('id'));
    const store = deps.store();
    const size = Number(row.uploaded) ? await store.storedBytes(row.id) : null;
    if (size === null) throw new ApiError(404, 'NOT_FOUND', M.notUploaded);
    const range = parseRange(c.req.header('range'), size);
    if (range === 'unsatisfiable') {
      c.header('Content-Range', `bytes */${size}`);
      return fail(c, 416, 'VALIDATION_ERROR', M.badRange);
    }
    await auditRead(c, [row.id], `GET /api/media/:id/file (${readerOf(c).via})`);
    const disposition = dispositionOf(mediaAnswer(row).fileName, c.req.query('download') === '1');
    return streamFile((start, end) => store.read(row.id, start, end), size, range, { mime: row.mime, disposition });
  });

  app.get('/:id/thumbnail', reader, async (c) => {
    const row = await liveRow(c.req.param('id'));
    const store = deps.store();
    if (!(await store.hasThumbnail(row.id))) throw new ApiError(404, 'NOT_FOUND', M.noThumbnail);
    const jpeg = await store.readThumbnail(row.id);
    await auditRead(c, [row.id], `GET /api/media/:id/thumbnail (${readerOf(c).via})`);
    return new Response(jpeg, {
      headers: {
        'Content-Type': 'image/jpeg',
        'X-Content-Type-Options': 'nosniff',
        'Content-Length': String(jpeg.length),
      },
    });
  });

  /**
   * A video's poster frame, made by the device that recorded it: the server has no video decoder
   * (no ffmpeg; sharp reads images only), so it cannot take a frame out of a WebM itself.
   */
  const posterLimit = sizeLimit(POSTER_MAX_BYTES, M.posterTooLarge);
  app.put('/:id/poster', auth, posterLimit, async (c) => {
    const row = await liveRow(c.req.param('id'));
    if (row.kind !== 'video') throw new ApiError(400, 'VALIDATION_ERROR', M.posterNotVideo);
    const body = Buffer.from(await c.req.arrayBuffer());
    if (sniffMediaType(body) !== 'image/jpeg') throw new ApiError(415, 'VALIDATION_ERROR', M.posterNotJpeg);
    const poster = await thumbnailOf(body).catch(() => null);
    if (!poster) throw new ApiError(415, 'VALIDATION_ERROR', M.posterNotJpeg);
    await deps.store().saveThumbnail(row.id, poster);
    await recordAudit(ctx.db, {
      userId: c.var.auth.user.id,
      username: c.var.auth.user.username,
      action: 'media.poster',
      entity: MEDIA_AUDIT_NAME,
      entityId: row.id,
      ip: requestInfo(c).ip,
      clientId: requestInfo(c).clientId,
      detail: { bytes: poster.length },
    });
    return ok(c, { id: row.id, thumbnail: true });
  });

  return app;
}
