import { Readable } from 'node:stream';
import {
  ACCOUNT_LIMIT_CODES,
  type MediaCreateArgs,
  SNIFF_BYTES,
  kindOfMime,
  mediaCreateArgsSchema,
  sniffMediaType,
} from '@clinic/sync-protocol';
import type { Context } from 'hono';
import { z } from 'zod';
import { recordRead } from '../audit/audit.repository';
import type { AppEnv } from '../http/app-env';
import { ApiError, MESSAGES, ok } from '../http/envelope';
import { requestInfo } from '../http/request-info';
import { runMutation } from '../sync/run-mutation';
import { MediaRefused, type MediaDeps, type Uploader, checkStoredFile, finishUpload } from './media-finish';
import { photoSize } from './media-images';
import { MEDIA_SERVER_MESSAGES as M, tooLargeMessage } from './media-messages';
import { MEDIA_AUDIT_NAME, createMedia } from './media.mutators';
import { findMedia, latestVisitIdOf, mediaAnswer } from './media.repository';
import type { MediaRow } from './media.table';

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');
const optionalId = z
  .union([z.literal(''), z.literal('null'), z.uuid()])
  .optional()
  .transform((v) => (v && v !== 'null' ? v : null));
const optionalNumber = (schema: z.ZodNumber) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().pipe(schema).optional());

/** The spec's multipart fields (section 3 "Media upload payload"), plus `media_id`: the capture's own id. */
const uploadFields = z.object({
  customer_id: z.uuid({ error: M.customerRequired }),
  visit_id: optionalId,
  media_id: optionalId,
  linkToLatestMedicalRecord: flag,
  // Accepted and echoed only: frames are sampled on the capturing device (a later issue), since the
  // server cannot decode WebM; these say how a client wants it done.
  generateSamplingVideo: flag,
  samplingInterval: optionalNumber(z.number().min(0.5).max(10)),
  maxFrames: optionalNumber(z.number().int().min(5).max(100)),
});
type UploadFields = z.infer<typeof uploadFields>;

/** A refusal of the media store as the HTTP error it describes. */
export const refusalError = (error: MediaRefused) =>
  new ApiError(
    error.status,
    error.status === 404
      ? 'NOT_FOUND'
      : error.status === 409
        ? 'CONFLICT'
        : error.status === 413
          ? 'PAYLOAD_TOO_LARGE'
          : error.status === 429
            ? ACCOUNT_LIMIT_CODES.uploads
            : 'VALIDATION_ERROR',
    error.message,
  );

/** A File's bytes as a Node stream for the FileStore (the web and Node stream types are one object at run time). */
const nodeStream = (file: File) => Readable.fromWeb(file.stream());

/**
 * `POST /api/media/upload`, for clients other than the app (which uploads by tus). The file's first
 * bytes decide its type; it goes into the same FileStore as tus uploads and its record into the same
 * table. Sending one media_id twice stores one file and answers the record both times.
 *
 * The form is read whole into memory by the runtime's FormData parser (capped at the video limit);
 * the app's own uploads stream through tus instead.
 */
export function uploadHandler(deps: MediaDeps) {
  return async (c: Context<AppEnv>) => {
    if (!/^multipart\/form-data/i.test(c.req.header('content-type') ?? ''))
      throw new ApiError(400, 'VALIDATION_ERROR', MESSAGES.malformed);
    const form = await c.req.parseBody();
    const file = form.file;
    if (!(file instanceof File) || file.size === 0) throw new ApiError(400, 'VALIDATION_ERROR', M.fileRequired);
    const parsed = uploadFields.safeParse(form, { error: () => M.badField });
    if (!parsed.success) throw new ApiError(400, 'VALIDATION_ERROR', parsed.error.issues[0]?.message ?? M.badField);
    const fields = parsed.data;

    const mime = sniffMediaType(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
    if (!mime) throw new ApiError(415, 'VALIDATION_ERROR', M.typeRefused);
    const kind = kindOfMime(mime);
    if (file.size > deps.store().sizeLimit(kind)) throw new ApiError(413, 'PAYLOAD_TOO_LARGE', tooLargeMessage(kind));

    const by: Uploader = { user: c.var.auth.user, ip: requestInfo(c).ip, clientId: requestInfo(c).clientId };
    const id = fields.media_id ?? crypto.randomUUID();
    const facts = { id, customerId: fields.customer_id, kind, mime, size: file.size };
    try {
      const existing = await findMedia(deps.db, id);
      const { row, created } = existing
        ? await intoExisting(deps, existing, facts, file, by)
        : await createWithFile(deps, facts, fields, file, by);
      const echo = {
        linkToLatestMedicalRecord: fields.linkToLatestMedicalRecord,
        generateSamplingVideo: fields.generateSamplingVideo,
        samplingInterval: fields.samplingInterval ?? null,
        maxFrames: fields.maxFrames ?? null,
      };
      return ok(c, { ...mediaAnswer(row), ...echo }, created ? 201 : 200);
    } catch (error) {
      throw error instanceof MediaRefused ? refusalError(error) : error;
    }
  };
}

export type CaptureFacts = {
  id: string;
  customerId: string;
  kind: MediaRow['kind'];
  mime: MediaRow['mime'];
  size: number;
};

/** The same id again: the same capture answers its record (one file); anything else is refused. */
async function intoExisting(deps: MediaDeps, row: MediaRow, facts: CaptureFacts, file: File, by: Uploader) {
  if (Number(row.deleted)) throw new MediaRefused(409, M.deleted);
  if (row.customer_id !== facts.customerId || row.mime !== facts.mime || Number(row.size) !== facts.size)
    throw new MediaRefused(409, M.otherContent);
  if (Number(row.uploaded)) {
    await recordRead(deps.db, { ...by, entity: MEDIA_AUDIT_NAME, ids: [row.id], via: 'POST /api/media/upload' });
    return { row, created: false };
  }
  // Synced but its file not yet whole (a tus upload cut short): this file completes it.
  deps.budget?.charge(by.user.id, facts.size);
  await deps.store().writeWhole(row.id, facts.size, nodeStream(file));
  return { row: await finishUpload(deps, row.id, by, 'multipart'), created: false };
}

/** A new capture: the file first, checked, then its record as already uploaded (one version, audited). */
async function createWithFile(deps: MediaDeps, facts: CaptureFacts, fields: UploadFields, file: File, by: Uploader) {
  const visitId =
    fields.visit_id ?? (fields.linkToLatestMedicalRecord ? await latestVisitIdOf(deps.db, facts.customerId) : null);
  // Counted before a byte is written: a refused file leaves nothing behind.
  deps.budget?.charge(by.user.id, facts.size);
  try {
    const { args, bytes } = await storeNewFile(deps, facts, visitId, file);
    const row = await runMutation(deps.db, by, deps.now, (m) => createMedia(m, args, { bytes }));
    return { row, created: true };
  } catch (error) {
    // The same id sent twice at once: the other request recorded it, and the file is the same one.
    const winner = await findMedia(deps.db, facts.id);
    if (winner && Number(winner.uploaded)) return { row: winner, created: false };
    await dropFile(deps, facts.id);
    throw error;
  }
}

/**
 * Writes a new capture's file into the store and checks it (a photo also gets its thumbnail): the
 * args of its record as uploaded, and the bytes on disk. The caller writes the record, and drops the
 * file (dropFile) when that fails; the face analysis stores its photos this way too.
 */
export async function storeNewFile(
  deps: MediaDeps,
  facts: CaptureFacts,
  visitId: string | null,
  file: File,
): Promise<{ args: MediaCreateArgs; bytes: number }> {
  const store = deps.store();
  await store.writeWhole(facts.id, facts.size, nodeStream(file));
  const bytes = await checkStoredFile(store, facts.id, facts);
  const { width, height } =
    facts.kind === 'photo'
      ? await store.withLocalFile(facts.id, (path) => photoSize(path))
      : { width: null, height: null };
  const args = mediaCreateArgsSchema.parse({
    ...facts,
    visitId,
    duration: null,
    width,
    height,
    capturedAt: deps.now().toISOString(),
    quality: null,
  });
  return { args, bytes };
}

/** A file whose record was not written, and its thumbnail, removed. */
export async function dropFile(deps: MediaDeps, id: string): Promise<void> {
  const store = deps.store();
  await store.remove(id);
  await store.removeThumbnail(id);
}
