import { Hono, type MiddlewareHandler } from 'hono';
import { except } from 'hono/combine';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { androidLogsRoutes } from './android-logs/android-logs.routes';
import { auditEventsRoutes } from './audit/audit-events.routes';
import { auditLogRoutes } from './audit/audit-log.routes';
import { rememberDeviceNames } from './audit/device-names.middleware';
import { authRoutes } from './auth/auth.routes';
import { LOGIN_LIMITS, loginThrottle } from './auth/login-throttle';
import type { AppDeps, Ctx } from './deps';
import { customersRoutes } from './customers/customers.routes';
import { deviceKeyRoutes } from './device-keys/device-keys.routes';
import { diagnosisRoutes } from './diagnosis/diagnosis.routes';
import { faceAnalysisRoutes } from './face-analysis/face-analysis.routes';
import { healthRoutes } from './health/health.routes';
import { knownStorageFault, noteStorageFault } from './db/storage-health';
import { mediaRoutes } from './media/media.routes';
import { lazyMediaStore } from './media/media-store';
import { pwaOperationsRoutes } from './pwa-operations/pwa-operations.routes';
import { surveysRoutes } from './surveys/surveys.routes';
import { syncRoutes } from './sync/sync.routes';
import { ephemeralSealKeys } from './sync/seal-keys';
import { ACCOUNT_LIMITS } from './http/account-limits';
import { anonymousStorageQuota } from './http/anonymous-storage';
import { sharedStateFor } from './cluster/shared-state';
import { STRANGER_UPLOAD_LIMITS, perSecondBudget } from './http/stranger-uploads';
import { ApiError, MESSAGES, fail } from './http/envelope';
import { noStore } from './http/no-store';
import { behindProxy } from './http/request-info';
import { sameOriginOnly } from './http/same-origin';
import { sizeLimit } from './http/size-limit';
import { usersRoutes } from './users/users.routes';
import { visitsRoutes } from './visits/visits.routes';
import { appointmentsRoutes } from './appointments/appointments.routes';

export type { AppDeps } from './deps';

export const BODY_LIMIT_BYTES = 1024 * 1024;
/**
 * Upload routes and the sync push set their own, larger limit; the 1 MB JSON limit must not run
 * before theirs. (Media and photo uploads arrive with later features.)
 */
export const UPLOAD_PATH_PREFIXES = [
  '/api/media/',
  '/api/face-analysis/',
  '/api/pwa-operations/log-with-photo',
  '/api/sync/push',
  '/api/sync/sealed-push',
];

/** The whole HTTP API as a Hono app, without listening: server.ts serves it, tests call app.request(). */
export function createApp(deps: AppDeps) {
  const now = deps.now ?? (() => new Date(Date.now()));
  // One process on SQLite keeps these in memory; any number on PostgreSQL share them there.
  const shared = sharedStateFor(deps.db, now);
  const ctx: Ctx = {
    db: deps.db,
    config: deps.config,
    now,
    anonymousStorage: anonymousStorageQuota(deps.db, now, shared, deps.anonymousStorage),
    loginThrottle: loginThrottle(deps.config.loginLimits ?? LOGIN_LIMITS, now, shared),
    accountLimits: deps.accountLimits ?? ACCOUNT_LIMITS,
    shared,
    sealKeys: once(() => Promise.resolve(deps.sealKeys ?? ephemeralSealKeys())),
    strangerUploads: perSecondBudget(deps.config.strangerUploads ?? STRANGER_UPLOAD_LIMITS),
  };
  const app = new Hono();

  app.use('*', behindProxy(deps.trustProxy ?? { kind: 'none' }));
  const cameraOrigins = deps.cameraOrigins ?? [];
  // Before the app's own headers, so it answers last: the face worker's script gets the policy its threads need.
  const faceWorkerHeaders = secureHeaders(secureHeadersFor(cameraOrigins, { threadsFromBlob: true }));
  app.use(
    '*',
    except((c) => !FACE_WORKER_SCRIPT.test(c.req.path), faceWorkerHeaders),
  );
  app.use('*', secureHeaders(secureHeadersFor(cameraOrigins)));
  app.use('/api/*', noStore());
  app.use('/api/*', sameOriginOnly());
  app.use('/api/*', refuseWritesWhenDamaged(ctx));
  app.use('/api/*', rememberDeviceNames(ctx));
  app.use(
    '/api/*',
    except((c) => UPLOAD_PATH_PREFIXES.some((p) => c.req.path.startsWith(p)), sizeLimit(BODY_LIMIT_BYTES)),
  );

  const users = usersRoutes(ctx);
  app.route('/api/auth/users', users); // the spec's alias, same handlers
  app.route('/api/auth', authRoutes(ctx));
  app.route('/api/users', users);
  app.route('/api/health', healthRoutes(ctx));
  app.route('/api/sync', syncRoutes(ctx));
  app.route('/api/customers', customersRoutes(ctx));
  app.route('/api/visits', visitsRoutes(ctx));
  app.route('/api/appointments', appointmentsRoutes(ctx));
  app.route('/api/surveys', surveysRoutes(ctx));
  app.route('/api/diagnosis', diagnosisRoutes(ctx));
  // One store: photos kept by the face analysis are served by the media routes.
  const mediaStore = lazyMediaStore(deps.media ?? {});
  app.route('/api/media', mediaRoutes(ctx, deps.media, mediaStore));
  app.route('/api/face-analysis', faceAnalysisRoutes(ctx, mediaStore));
  app.route('/api/pwa-operations', pwaOperationsRoutes(ctx));
  app.route('/api/android-logs', androidLogsRoutes(ctx));
  app.route('/api/audit-log', auditLogRoutes(ctx));
  app.route('/api/audit-events', auditEventsRoutes(ctx));
  app.route('/api/device-key', deviceKeyRoutes(ctx));
  app.all('/api/*', (c) => fail(c, 404, 'NOT_FOUND', MESSAGES.notFound));

  app.notFound((c) =>
    c.req.path.startsWith('/api/') ? fail(c, 404, 'NOT_FOUND', MESSAGES.notFound) : c.text('Not Found', 404),
  );
  app.onError((error, c) => {
    if (error instanceof ApiError) return fail(c, error.status, error.code, error.message);
    if (error instanceof HTTPException && error.status === 400)
      return fail(c, 400, 'VALIDATION_ERROR', MESSAGES.malformed);
    if (error instanceof HTTPException && error.status === 413)
      return fail(c, 413, 'PAYLOAD_TOO_LARGE', MESSAGES.tooLarge);
    console.error(`${c.req.method} ${c.req.path} failed:`, error);
    // No room left (SQLITE_FULL, ENOSPC) or a folder that takes no writes: 507 and a calm word; the tablet
    // keeps what it sent and sends it again later. PostgreSQL away, or a damaged database: 503, which the
    // tablet also retries later. Any storage fault also turns /api/health to 503 until it is gone
    // (storage-health.ts).
    const fault = noteStorageFault(ctx.db, error);
    if (fault === 'full' || fault === 'readonly') return fail(c, 507, 'STORAGE_FULL', MESSAGES.storageFull);
    if (fault === 'unreachable') return fail(c, 503, 'DATABASE_UNAVAILABLE', MESSAGES.databaseUnavailable);
    if (fault === 'damaged') return fail(c, 503, 'STORAGE_DAMAGED', MESSAGES.storageDamaged);
    return fail(c, 500, 'INTERNAL_ERROR', MESSAGES.internal);
  });
  return app;
}

/**
 * Once a request met a damaged database, nothing more is written into it: every change (a push, a heal,
 * an upload, a login's bookkeeping) is refused with 503 before it runs, so the server never answers 200
 * for data it cannot promise to keep. Reads go on; only a restore mends the database.
 */
function refuseWritesWhenDamaged(ctx: Ctx): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && knownStorageFault(ctx.db) === 'damaged')
      return fail(c, 503, 'STORAGE_DAMAGED', MESSAGES.storageDamaged);
    await next();
  };
}

/**
 * Hono's defaults plus a CSP that a React + antd SPA with a service worker and on-device face
 * analysis needs: antd injects <style> (CSS-in-JS), photos are blob:/data: URLs, the tfjs wasm
 * backend needs 'wasm-unsafe-eval'.
 */
/** The face-analysis worker's script in the build (vite names it face-worker-<hash>.js). */
const FACE_WORKER_SCRIPT = /^\/assets\/face-worker-[\w-]+\.js$/;

/**
 * `threadsFromBlob`: the face worker only. tfjs's threaded wasm starts each of its threads as a worker that loads
 * tfjs's own code from a blob: URL (importScripts), which the threads inherit this policy for; the page and every
 * other script keep script-src 'self'.
 */
const secureHeadersFor = (cameraOrigins: readonly string[], { threadsFromBlob = false } = {}) => ({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...(threadsFromBlob ? ['blob:'] : [])],
    styleSrc: ["'self'", "'unsafe-inline'"],
    // A single-board camera's snapshots and status come from its own address.
    imgSrc: ["'self'", 'data:', 'blob:', ...cameraOrigins],
    mediaSrc: ["'self'", 'blob:', ...cameraOrigins],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...cameraOrigins],
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    frameAncestors: ["'self'"],
  },
  // Camera and microphone for the capture screens; nothing else.
  permissionsPolicy: { camera: ['self'], microphone: ['self'], geolocation: [] },
  // Cross-origin isolation (with Hono's default COOP same-origin): the face analysis's threaded wasm needs
  // SharedArrayBuffer. `credentialless` rather than `require-corp`: a camera's snapshot from its own address
  // still loads (without cookies), where require-corp would need the camera to send a CORP header.
  crossOriginEmbedderPolicy: 'credentialless',
});

/** The value of `make`, made on first use and kept. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | null = null;
  return () => (value ??= make());
}
