import { FACE_ANALYSIS_LIMITS, type FaceAnalysisCreateArgs, faceAnalysisCreateArgsSchema } from '@clinic/sync-protocol';
import {
  FACE_MESSAGES,
  FACE_SNIFF_BYTES,
  type FaceImageType,
  checkFaceImage,
  withCaptureQuality,
} from '@clinic/sync-protocol/face';
import type { Context } from 'hono';
import { z } from 'zod';
import { recordRead } from '../audit/audit.repository';
import { CUSTOMER_REJECTIONS } from '../customers/customer.mutators';
import { findCustomer } from '../customers/customers.repository';
import type { Db } from '../db/dialect';
import type { AppEnv } from '../http/app-env';
import { ApiError, MESSAGES, ok } from '../http/envelope';
import { requestInfo } from '../http/request-info';
import { MediaRefused, type MediaDeps, type Uploader } from '../media/media-finish';
import { MEDIA_SERVER_MESSAGES as M } from '../media/media-messages';
import { dropFile, refusalError, storeNewFile } from '../media/media-upload';
import { createMedia } from '../media/media.mutators';
import { runMutation } from '../sync/run-mutation';
import { VISIT_REJECTIONS } from '../visits/visit.mutators';
import { findVisit } from '../visits/visits.repository';
import { type FaceAnalysis, UnreadableImage, analyzeFaces } from './face-engine';
import { FACE_ANALYSIS_AUDIT_NAME, FACE_ANALYSIS_REJECTIONS, createFaceAnalysis } from './face-analysis.mutators';
import { findFaceAnalysis, toFaceAnalysis } from './face-analysis.repository';
import type { FaceAnalysisRow } from './face-analysis.table';

export const SERVER_ENGINE = 'face-api-wasm@server';

const optionalId = z
  .union([z.literal(''), z.literal('null'), z.uuid()])
  .optional()
  .transform((v) => (v && v !== 'null' ? v : null));

/** The spec's multipart fields, plus `id`: the client's id of the analysis, so a retry is not analysed twice. */
const analyzeFields = z.object({
  customer_id: z.uuid({ error: M.customerRequired }),
  visit_id: optionalId,
  id: optionalId,
  /** The capture's quality score (0-100) as the device measured it, when it did: each face's `quality`. */
  quality: z
    .union([z.literal(''), z.coerce.number().min(0).max(100)])
    .optional()
    .transform((v) => (typeof v === 'number' ? v : null)),
  // The photo is kept unless the clinic's setting says not to (spec: saveImages, on by default).
  save_image: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v !== 'false' && v !== '0'),
});
type AnalyzeFields = z.infer<typeof analyzeFields>;

/** The spec's answer (section 3 "Face analysis response"), the same for a new analysis and a retry. */
export function analyzeAnswer(row: FaceAnalysisRow) {
  const record = toFaceAnalysis(row);
  return {
    analysisResult: { faces: record.faces },
    mediaId: record.mediaId,
    processingTime: record.processingTime,
    id: record.id,
  };
}

/**
 * `POST /api/face-analysis/analyze`: a photo analysed on the server, for devices that cannot run the
 * models. The photo goes into the media store as the multipart upload puts it there, and the analysis
 * is recorded through the same mutator a device's push uses, in one transaction with the photo's
 * record, so every device pulls both.
 */
export function analyzeHandler(deps: MediaDeps) {
  return async (c: Context<AppEnv>) => {
    if (!/^multipart\/form-data/i.test(c.req.header('content-type') ?? ''))
      throw new ApiError(400, 'VALIDATION_ERROR', MESSAGES.malformed);
    const form = await c.req.parseBody();
    const image = form.image;
    if (!(image instanceof File) || image.size === 0)
      throw new ApiError(400, 'VALIDATION_ERROR', FACE_MESSAGES.noImage);
    const parsed = analyzeFields.safeParse(form, { error: () => M.badField });
    if (!parsed.success) throw new ApiError(400, 'VALIDATION_ERROR', parsed.error.issues[0]?.message ?? M.badField);
    const fields = parsed.data;
    const bytes = new Uint8Array(await image.arrayBuffer());
    const check = checkFaceImage(bytes.subarray(0, FACE_SNIFF_BYTES), bytes.length);
    if (!check.ok)
      throw check.message === FACE_MESSAGES.tooLarge
        ? new ApiError(413, 'PAYLOAD_TOO_LARGE', check.message)
        : new ApiError(400, 'VALIDATION_ERROR', check.message);

    const by: Uploader = { user: c.var.auth.user, ip: requestInfo(c).ip, clientId: requestInfo(c).clientId };
    const id = fields.id ?? crypto.randomUUID();
    const existing = await findFaceAnalysis(deps.db, id);
    if (existing) return ok(c, analyzeAnswer(await retried(deps.db, existing, fields, by)));
    await requireOwner(deps.db, fields);
    const analysis = await analyzeFaces(bytes).catch((error: unknown) => {
      throw error instanceof UnreadableImage ? new ApiError(400, 'VALIDATION_ERROR', FACE_MESSAGES.notImage) : error;
    });
    try {
      return ok(c, analyzeAnswer(await record(deps, { id, fields, analysis, image, type: check.type }, by)));
    } catch (error) {
      // The same id sent twice at once: the other request recorded it first.
      const winner = await findFaceAnalysis(deps.db, id);
      if (winner) return ok(c, analyzeAnswer(await retried(deps.db, winner, fields, by)));
      throw error instanceof MediaRefused ? refusalError(error) : error;
    }
  };
}

/** The same id again answers its record, read again (audited); under another customer it is refused. */
async function retried(db: Db, row: FaceAnalysisRow, fields: AnalyzeFields, by: Uploader): Promise<FaceAnalysisRow> {
  if (row.customer_id !== fields.customer_id || Number(row.deleted))
    throw new ApiError(409, 'CONFLICT', FACE_ANALYSIS_REJECTIONS.otherContent);
  await recordRead(db, {
    ...by,
    entity: FACE_ANALYSIS_AUDIT_NAME,
    ids: [row.id],
    via: 'POST /api/face-analysis/analyze',
  });
  return row;
}

/**
 * The customer and visit checked before the slow analysis, which holds the one engine every clinic
 * shares; the mutator checks both again in its transaction.
 */
async function requireOwner(db: Db, fields: AnalyzeFields): Promise<void> {
  if (!(await findCustomer(db, fields.customer_id))) throw new ApiError(404, 'NOT_FOUND', CUSTOMER_REJECTIONS.notFound);
  if (fields.visit_id === null) return;
  const visit = await findVisit(db, fields.visit_id);
  if (!visit) throw new ApiError(404, 'NOT_FOUND', VISIT_REJECTIONS.notFound);
  if (visit.customer_id !== fields.customer_id)
    throw new ApiError(400, 'VALIDATION_ERROR', VISIT_REJECTIONS.ofOtherCustomer);
}

type Analysed = { id: string; fields: AnalyzeFields; analysis: FaceAnalysis; image: File; type: FaceImageType };

/** The photo's file and record when it is kept, then the analysis: one version, both audited. */
async function record(
  deps: MediaDeps,
  { id, fields, analysis, image, type }: Analysed,
  by: Uploader,
): Promise<FaceAnalysisRow> {
  const facts = {
    id: crypto.randomUUID(),
    customerId: fields.customer_id,
    kind: 'photo' as const,
    mime: type,
    size: image.size,
  };
  const photo = fields.save_image ? await storeNewFile(deps, facts, fields.visit_id, image) : null;
  const args: FaceAnalysisCreateArgs = {
    id,
    customerId: fields.customer_id,
    visitId: fields.visit_id,
    mediaId: photo?.args.id ?? null,
    source: 'photo',
    analysedAt: deps.now().toISOString(),
    processingTime: analysis.processingTime,
    faces: withCaptureQuality(mostConfident(analysis.result.faces), fields.quality),
    frames: null,
    engine: SERVER_ENGINE,
  };
  try {
    return await runMutation(deps.db, by, deps.now, async (m) => {
      if (photo) await createMedia(m, photo.args, { bytes: photo.bytes });
      return createFaceAnalysis(m, faceAnalysisCreateArgsSchema.parse(args));
    });
  } catch (error) {
    if (photo) await dropFile(deps, photo.args.id);
    throw error;
  }
}

/** A record keeps at most FACE_ANALYSIS_LIMITS.faces faces (a crowd in the background): the clearest ones. */
function mostConfident<T extends { confidence: number }>(faces: T[]): T[] {
  if (faces.length <= FACE_ANALYSIS_LIMITS.faces) return faces;
  return [...faces].sort((a, b) => b.confidence - a.confidence).slice(0, FACE_ANALYSIS_LIMITS.faces);
}
