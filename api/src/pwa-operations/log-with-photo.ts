import { operationLogBatchSchema } from '@clinic/sync-protocol/admin';
import { FACE_MESSAGES, FACE_SNIFF_BYTES, checkFaceImage } from '@clinic/sync-protocol/face';
import type { Context } from 'hono';
import type { Ctx } from '../deps';
import type { AppEnv } from '../http/app-env';
import { ApiError, MESSAGES, ok } from '../http/envelope';
import { photoPathOf, toLogRow } from './operation-log.entry';
import { LOG_PHOTO_MIME, PHOTO_UNREADABLE_MESSAGE, reencodeLogPhoto } from './log-photo';
import {
  findOperationLog,
  insertOperationLogPhoto,
  insertOperationLogs,
  operationLogRowBytes,
} from './operation-log.repository';

export const INVALID_LOG_MESSAGE = '操作ログの形式が正しくありません';

type FormValue = string | File | undefined;
const textOf = (value: FormValue) => (typeof value === 'string' ? value : undefined);

/** A form field sent as JSON text or as plain text: the JSON's value, or the text itself. */
function jsonOrText(value: FormValue): unknown {
  const text = textOf(value);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The form's fields as the one-entry batch POST /log would get, so both are checked alike. */
function batchOf(form: Record<string, FormValue>) {
  const device = jsonOrText(form.device);
  const userAgent = textOf(form.userAgent);
  return {
    sessionId: textOf(form.sessionId),
    device: device !== null && typeof device === 'object' ? { userAgent, ...device } : { userAgent },
    logs: [
      {
        id: textOf(form.id),
        operation: textOf(form.operation),
        screen: textOf(form.screen),
        timestamp: textOf(form.timestamp),
        userEmail: textOf(form.userEmail),
        data: jsonOrText(form.data),
        error: jsonOrText(form.error),
        apiResponse: jsonOrText(form.apiResponse),
      },
    ],
  };
}

/**
 * `POST /api/pwa-operations/log-with-photo`: one entry with the photo it concerns. The photo is
 * recognised from its bytes, as the face analysis does, then decoded and kept as a fresh JPEG with
 * its entry in one transaction (no login guards this route: only a real picture's pixels are kept).
 */
export function logWithPhotoHandler(ctx: Ctx, afterStore: () => Promise<void>) {
  return async (c: Context<AppEnv>) => {
    if (!/^multipart\/form-data/i.test(c.req.header('content-type') ?? ''))
      throw new ApiError(400, 'VALIDATION_ERROR', MESSAGES.malformed);
    const form: Record<string, FormValue> = await c.req.parseBody();
    const photo = form.photo;
    if (!(photo instanceof File) || photo.size === 0)
      throw new ApiError(400, 'VALIDATION_ERROR', FACE_MESSAGES.notImage);
    const parsed = operationLogBatchSchema.safeParse(batchOf(form), { error: () => INVALID_LOG_MESSAGE });
    if (!parsed.success)
      throw new ApiError(400, 'VALIDATION_ERROR', parsed.error.issues[0]?.message ?? INVALID_LOG_MESSAGE);
    const sent = new Uint8Array(await photo.arrayBuffer());
    const check = checkFaceImage(sent.subarray(0, FACE_SNIFF_BYTES), sent.length);
    if (!check.ok)
      throw check.message === FACE_MESSAGES.tooLarge
        ? new ApiError(413, 'PAYLOAD_TOO_LARGE', check.message)
        : new ApiError(400, 'VALIDATION_ERROR', check.message);
    const bytes = await reencodeLogPhoto(sent);
    if (!bytes) throw new ApiError(400, 'VALIDATION_ERROR', PHOTO_UNREADABLE_MESSAGE);

    const { logs, ...sender } = parsed.data;
    const row = toLogRow(logs[0]!, sender, ctx.now(), { mime: LOG_PHOTO_MIME, size: bytes.length });
    const store = () =>
      ctx.db.transaction().execute(async (trx) => {
        const inserted = await insertOperationLogs(trx, [row]);
        if (inserted) await insertOperationLogPhoto(trx, { log_id: row.id, mime: LOG_PHOTO_MIME, bytes });
        return inserted;
      });
    const stored = await ctx.anonymousStorage.keep(operationLogRowBytes(row), c.var.sender, store, (n) => n === 1);
    await afterStore();
    // Sent again: the entry kept the first time says whether it has a photo.
    const hasPhoto = stored === 1 || Boolean((await findOperationLog(ctx.db, row.id))?.photo_mime);
    return ok(c, { received: 1, stored, photoPath: hasPhoto ? photoPathOf(row.id) : null }, 201);
  };
}
