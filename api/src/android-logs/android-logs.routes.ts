import {
  DEVICE_LOG_FILE_NAME,
  DEVICE_LOG_LIMITS,
  type DeviceLogDetail,
  deviceLogUploadSchema,
} from '@clinic/sync-protocol/admin';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { Ctx } from '../deps';
import type { AppEnv } from '../http/app-env';
import { requireAuth, requireRole } from '../http/auth-middleware';
import { ApiError, MESSAGES, ok } from '../http/envelope';
import { atMostHourly } from '../http/hourly';
import { rateLimit } from '../http/rate-limit';
import { requestInfo } from '../http/request-info';
import { parseJsonText, queryParams } from '../http/validate';
import { deviceLogFileName } from './device-log-file-name';
import {
  deviceLogBytesOf,
  deviceLogStats,
  findDeviceLog,
  insertDeviceLog,
  listDeviceLogs,
  pruneDeviceLogs,
} from './device-logs.repository';
import { sizeLimit } from '../http/size-limit';
import { strangerUploads } from '../http/stranger-uploads';

export const DEVICE_LOG_MESSAGES = {
  sessionId: 'セッションIDが正しくありません',
  fileName: 'ファイル名が正しくありません',
  notFound: 'ログが見つかりません',
  query: '検索条件が正しくありません',
} as const;

/** Uploads per address per minute, both upload routes together: a device sends one every 5 minutes and one per error. */
export const DEVICE_LOG_RATE = { max: 30, windowMs: 60 * 1000 } as const;

const listQuery = z.object({ errorType: z.string().max(60).optional() });

/**
 * Device error logs (the spec's "Android logs"): devices upload without logging in; only an admin
 * reads them. Nothing changes a stored log except the retention prune, so there is no PUT or DELETE.
 */
export function androidLogsRoutes(ctx: Ctx) {
  const app = new Hono<AppEnv>();

  const prune = atMostHourly(
    (now) =>
      ctx.db
        .transaction()
        .execute((trx) => pruneDeviceLogs(trx, now))
        .finally(() => ctx.anonymousStorage.invalidate()),
    ctx.now,
    'Pruning device logs',
  );

  const limited = rateLimit({ ...DEVICE_LOG_RATE, now: ctx.now, state: ctx.shared, name: 'device-logs' });
  const bodySize = sizeLimit(DEVICE_LOG_LIMITS.maxBodyBytes);
  const upload = (kind: 'upload' | 'error') => async (c: Context<AppEnv>) => {
    const log = await parseUpload(c);
    const now = ctx.now();
    const fileName = deviceLogFileName(log.sessionId, now);
    const store = () =>
      ctx.db
        .transaction()
        .execute((trx) => insertDeviceLog(trx, { fileName, kind, uploadedAt: now, ip: requestInfo(c).ip, log }));
    await ctx.anonymousStorage.keep(deviceLogBytesOf(log), c.var.sender, store, () => true);
    await prune();
    return ok(c, { fileName, sessionId: log.sessionId }, 201);
  };
  const strangers = strangerUploads(ctx);
  app.post('/upload', limited, bodySize, strangers, upload('upload'));
  app.post('/error', limited, bodySize, strangers, upload('error'));

  const admin = [requireAuth(ctx), requireRole('admin')] as const;
  app.get('/list', ...admin, queryParams(listQuery, DEVICE_LOG_MESSAGES.query), async (c) =>
    ok(c, { logs: await listDeviceLogs(ctx.db, c.req.valid('query')) }),
  );
  app.get('/stats', ...admin, async (c) => ok(c, await deviceLogStats(ctx.db, ctx.now())));
  app.get('/detail/:file', ...admin, async (c) => {
    const { row, session } = await findByFileName(c.req.param('file'));
    const log = deviceLogUploadSchema.parse(JSON.parse(row.body));
    const detail: DeviceLogDetail = {
      ...session,
      errors: log.errors,
      userActions: log.userActions,
      apiResponseTimes: log.performance.apiResponseTimes,
      networkInfo: log.networkInfo,
      metadata: log.metadata,
    };
    return ok(c, detail);
  });
  app.get('/download/:file', ...admin, async (c) => {
    const { row } = await findByFileName(c.req.param('file'));
    // The name is the server's own and matched DEVICE_LOG_FILE_NAME: nothing in it needs quoting.
    return c.body(row.body, 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${row.file_name}"`,
    });
  });

  /** Only a name of the server's own form is looked up; it is a key, never a path. */
  async function findByFileName(file: string) {
    if (!DEVICE_LOG_FILE_NAME.test(file)) throw new ApiError(400, 'VALIDATION_ERROR', DEVICE_LOG_MESSAGES.fileName);
    const found = await findDeviceLog(ctx.db, file);
    if (!found) throw new ApiError(404, 'NOT_FOUND', DEVICE_LOG_MESSAGES.notFound);
    return found;
  }

  return app;
}

/**
 * The body as JSON whatever its Content-Type: a page being closed sends with sendBeacon, whose
 * type the browser may not let it choose. Only a bad session id refuses an upload; the schema caps
 * and normalises everything else.
 */
async function parseUpload(c: Context) {
  const parsed = deviceLogUploadSchema.safeParse(parseJsonText(await c.req.text()));
  if (parsed.success) return parsed.data;
  const onSessionId = parsed.error.issues.some((issue) => issue.path[0] === 'sessionId');
  throw new ApiError(400, 'VALIDATION_ERROR', onSessionId ? DEVICE_LOG_MESSAGES.sessionId : MESSAGES.malformed);
}
