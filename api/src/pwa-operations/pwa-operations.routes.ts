import { OPERATION_LOG_LIMITS, operationLogBatchSchema } from '@clinic/sync-protocol/admin';
import { FACE_IMAGE_MAX_BYTES, FACE_MESSAGES } from '@clinic/sync-protocol/face';
import { isCalendarDate } from '@clinic/sync-protocol';
import { Hono } from 'hono';
import { z } from 'zod';
import { japanDay } from '@clinic/sync-protocol/rules';
import type { Ctx } from '../deps';
import type { AppEnv } from '../http/app-env';
import { requireAuth, requireRole } from '../http/auth-middleware';
import { ApiError, ok } from '../http/envelope';
import { atMostHourly } from '../http/hourly';
import { rateLimit } from '../http/rate-limit';
import { parseJsonText, queryParams } from '../http/validate';
import { errorAnalysis } from './error-analysis.repository';
import { errorReport } from './error-report';
import { INVALID_LOG_MESSAGE, logWithPhotoHandler } from './log-with-photo';
import { toEntry, toLogRow } from './operation-log.entry';
import {
  findOperationLog,
  findOperationLogPhoto,
  insertOperationLogs,
  listOperationLogs,
  operationLogRowBytes,
} from './operation-log.repository';
import { pruneOperationLogs } from './retention';
import { sizeLimit } from '../http/size-limit';
import { strangerUploads } from '../http/stranger-uploads';

/** Per address, both logging routes together: a device flushes every 5 s (12 a minute) plus its errors. */
export const OPERATION_LOG_RATE = { max: 60, windowMs: 60 * 1000 } as const;
/** Room for the multipart form around the largest photo: its part's headers and the text fields. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

export const LOG_MESSAGES = {
  notFound: 'ログが見つかりません',
  badId: 'ログのIDが正しくありません',
  badQuery: '検索条件が正しくありません',
  date: '日付はYYYY-MM-DDの形式で指定してください',
  operation: '操作の種類が正しくありません',
  hasError: 'エラーの有無はtrueかfalseで指定してください',
  limit: `件数は1から${OPERATION_LOG_LIMITS.listLimit}の整数で指定してください`,
  offset: '開始位置は0以上の整数で指定してください',
  days: `期間は1から${OPERATION_LOG_LIMITS.maxAnalysisDays}日の整数で指定してください`,
} as const;

// An empty parameter (`operation=`) is the same as none: the screen's filters send them that way.
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
const wholeNumber = (message: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).default(fallback),
  );

const logsQuery = z.object({
  date: optional(z.string().refine(isCalendarDate, LOG_MESSAGES.date)),
  operation: optional(
    z
      .string()
      .max(60, { message: LOG_MESSAGES.operation, abort: true })
      .regex(/^[a-z0-9_]{1,60}$/, LOG_MESSAGES.operation),
  ),
  hasError: optional(z.enum(['true', 'false'], LOG_MESSAGES.hasError).transform((v) => v === 'true')),
  limit: wholeNumber(LOG_MESSAGES.limit, 1, OPERATION_LOG_LIMITS.listLimit, OPERATION_LOG_LIMITS.listLimit),
  offset: wholeNumber(LOG_MESSAGES.offset, 0, Number.MAX_SAFE_INTEGER, 0),
});
const analysisQuery = z.object({
  days: wholeNumber(LOG_MESSAGES.days, 1, OPERATION_LOG_LIMITS.maxAnalysisDays, OPERATION_LOG_LIMITS.analysisDays),
});

function logIdOf(id: string): string {
  if (!z.uuid().safeParse(id).success) throw new ApiError(400, 'VALIDATION_ERROR', LOG_MESSAGES.badId);
  return id;
}

/** A JSON body whatever its declared type: sendBeacon, used as a page closes, sends text/plain. */
function parseBatch(text: string) {
  const parsed = operationLogBatchSchema.safeParse(parseJsonText(text, INVALID_LOG_MESSAGE), {
    error: () => INVALID_LOG_MESSAGE,
  });
  if (!parsed.success)
    throw new ApiError(400, 'VALIDATION_ERROR', parsed.error.issues[0]?.message ?? INVALID_LOG_MESSAGE);
  return parsed.data;
}

/**
 * PWA operation logs (spec 7): devices send them without logging in (so per-address limits and
 * small bodies guard the two POSTs); only administrators read them.
 */
export function pwaOperationsRoutes(ctx: Ctx) {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(ctx);
  const admin = requireRole('admin');
  const perAddress = rateLimit({ ...OPERATION_LOG_RATE, now: ctx.now, state: ctx.shared, name: 'operation-logs' });
  const prune = atMostHourly(
    (now) => pruneOperationLogs(ctx.db, now).finally(() => ctx.anonymousStorage.invalidate()),
    ctx.now,
    'Pruning operation logs',
  );
  const logLimit = sizeLimit(OPERATION_LOG_LIMITS.maxBodyBytes);
  // Refused from its declared (or counted) length, before the form is read into memory.
  const formLimit = sizeLimit(FACE_IMAGE_MAX_BYTES + FORM_OVERHEAD_BYTES, FACE_MESSAGES.tooLarge);

  const strangers = strangerUploads(ctx);
  app.post('/log', perAddress, logLimit, strangers, async (c) => {
    const batch = parseBatch(await c.req.text());
    const now = ctx.now();
    const rows = batch.logs.map((entry) => toLogRow(entry, batch, now));
    const bytes = rows.reduce((sum, row) => sum + operationLogRowBytes(row), 0);
    const stored = await ctx.anonymousStorage.keep(
      bytes,
      c.var.sender,
      () => insertOperationLogs(ctx.db, rows),
      (n) => n === rows.length,
    );
    await prune();
    return ok(c, { received: batch.logs.length, stored }, 201);
  });

  app.post('/log-with-photo', perAddress, formLimit, strangers, logWithPhotoHandler(ctx, prune));

  app.get('/logs', auth, admin, queryParams(logsQuery, LOG_MESSAGES.badQuery), async (c) => {
    const { rows, total } = await listOperationLogs(ctx.db, c.req.valid('query'));
    return ok(c, { logs: rows.map(toEntry), total });
  });

  app.get('/error-analysis', auth, admin, queryParams(analysisQuery, LOG_MESSAGES.badQuery), async (c) => {
    return ok(c, await errorAnalysis(ctx.db, c.req.valid('query').days, japanDay(ctx.now())));
  });

  app.get('/error-report/:id', auth, admin, async (c) => {
    const row = await findOperationLog(ctx.db, logIdOf(c.req.param('id')));
    if (!row) throw new ApiError(404, 'NOT_FOUND', LOG_MESSAGES.notFound);
    return ok(c, errorReport(row));
  });

  app.get('/photo/:id', auth, admin, async (c) => {
    const photo = await findOperationLogPhoto(ctx.db, logIdOf(c.req.param('id')));
    if (!photo) throw new ApiError(404, 'NOT_FOUND', LOG_MESSAGES.notFound);
    // The type was recognised from the bytes when stored; nosniff keeps the browser to it.
    return c.body(new Uint8Array(photo.bytes), 200, {
      'Content-Type': photo.mime,
      'X-Content-Type-Options': 'nosniff',
    });
  });

  return app;
}
