import { FACE_IMAGE_MAX_BYTES, FACE_MESSAGES } from '@clinic/sync-protocol/face';
import { Hono } from 'hono';
import { z } from 'zod';
import { recordRead } from '../audit/audit.repository';
import { CUSTOMER_REJECTIONS } from '../customers/customer.mutators';
import { findCustomer } from '../customers/customers.repository';
import type { Ctx } from '../deps';
import type { AppEnv } from '../http/app-env';
import { requireAuth } from '../http/auth-middleware';
import { ApiError, ok } from '../http/envelope';
import { requestInfo } from '../http/request-info';
import type { MediaDeps } from '../media/media-finish';
import { MEDIA_SERVER_MESSAGES as M } from '../media/media-messages';
import type { MediaStore } from '../media/media-store';
import { analyzeHandler } from './face-analysis-analyze';
import { FACE_ANALYSIS_AUDIT_NAME } from './face-analysis.mutators';
import { listCustomerFaceAnalyses, toFaceAnalysis } from './face-analysis.repository';
import type { FaceAnalysisRow } from './face-analysis.table';
import { sizeLimit } from '../http/size-limit';

/** Room for the multipart form around the largest photo: its part's headers and the few text fields. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const customerIdSchema = z.uuid();

/** One line of a customer's history (spec 3 "Face analysis history"): the first face's emotions, strongest first. */
function historyItem(row: FaceAnalysisRow) {
  const record = toFaceAnalysis(row);
  return {
    id: record.id,
    timestamp: record.analysedAt,
    emotions: record.faces[0]?.emotions ?? [],
    faces: record.faces.length,
    processingTime: record.processingTime,
    source: record.source,
    mediaId: record.mediaId,
  };
}

/**
 * Expression analysis on the server: a photo analysed (and kept in the media store shared with the
 * media routes), and a customer's analyses. Both are audited, as every patient read and write is.
 */
export function faceAnalysisRoutes(ctx: Ctx, store: () => MediaStore) {
  const deps: MediaDeps = { db: ctx.db, now: ctx.now, store };
  const auth = requireAuth(ctx);
  const app = new Hono<AppEnv>();

  // Refused from its declared (or counted) length, before the form is read into memory.
  const formLimit = sizeLimit(FACE_IMAGE_MAX_BYTES + FORM_OVERHEAD_BYTES, FACE_MESSAGES.tooLarge);
  app.post('/analyze', auth, formLimit, analyzeHandler(deps));

  app.get('/history/:customerId', auth, async (c) => {
    const customerId = c.req.param('customerId');
    if (!customerIdSchema.safeParse(customerId).success)
      throw new ApiError(400, 'VALIDATION_ERROR', M.customerIdInvalid);
    if (!(await findCustomer(ctx.db, customerId))) throw new ApiError(404, 'NOT_FOUND', CUSTOMER_REJECTIONS.notFound);
    const rows = await listCustomerFaceAnalyses(ctx.db, customerId);
    const ids = rows.map((r) => r.id);
    await recordRead(ctx.db, {
      user: c.var.auth.user,
      ip: requestInfo(c).ip,
      clientId: requestInfo(c).clientId,
      entity: FACE_ANALYSIS_AUDIT_NAME,
      ids,
      via: 'GET /api/face-analysis/history/:customerId',
    });
    return ok(c, rows.map(historyItem));
  });

  return app;
}
