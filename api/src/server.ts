import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadSealKeys } from './sync/seal-keys';
import { createApp } from './app';
import { holdServerLock } from './backup/data-lock';
import { pruneDeviceLogs } from './android-logs/device-logs.repository';
import { ensureFirstAdmin } from './auth/bootstrap';
import { loadConfig, loadDeviceKeySecret, loadTokenSecret } from './config';
import { sealPlainDeviceKeys } from './device-keys/device-keys.repository';
import { escrowKey } from './device-keys/escrow-seal';
import { PRIVATE_UMASK, secureDataDir } from './db/data-dir';
import { POSTGRES_RETRY_MS, openDatabase } from './db/startup';
import { type FetchApp, startServer } from './http/node-server';
import { waitingApp } from './health/waiting-app';
import { startFailureMessage } from './db/start-failure';
import { describePgError, isPostgresUrl, resilientPool } from './db/connect';
import { PostgresUploadLocker } from './cluster/upload-locker';
import { pruneOperationLogs } from './pwa-operations/retention';
import { serveWeb } from './web/serve-web';

async function main(): Promise<void> {
  const config = loadConfig();
  // Patient data: what the server writes is its user's alone (0600 files, 0700 folders), and an
  // install from before this rule is brought into line first.
  process.umask(PRIVATE_UMASK);
  const secured = secureDataDir(config.dataDir);
  if (secured.changed.length > 0)
    console.log(`data folder: access limited to this user on ${secured.changed.length} files and folders (0600/0700)`);
  if (secured.skipped) console.warn(`data folder: ${secured.skipped}; set DATA_DIR to a folder of its own`);
  mkdirSync(join(config.dataDir, 'media'), { recursive: true });
  // Held while the server runs: a restore refuses meanwhile, and no server starts during a restore.
  const dataLock = holdServerLock(config.dataDir);
  process.once('exit', () => dataLock.release());
  const tokenSecret = config.tokenSecret ?? loadTokenSecret(config.dataDir);
  const deviceKeySecret = config.deviceKeySecret ?? loadDeviceKeySecret(config.dataDir);

  // Answers while the start waits for PostgreSQL (see below), then the app.
  let serving: FetchApp | null = null;
  let waiting: FetchApp | null = null;
  const front: FetchApp = { fetch: (request, env) => (serving ?? waiting!).fetch(request, env) };
  let listening: ReturnType<typeof startServer> | null = null;
  // Refuses (and says why) a damaged, emptied or foreign database file rather than start afresh on it.
  // PostgreSQL not reachable yet: waits and tries again, answering 503 (health says why) meanwhile.
  const db = await openDatabase(config, {
    onUnreachable(error, attempt) {
      console.error(
        `PostgreSQL is not reachable (${describePgError(error)}); trying again in ${POSTGRES_RETRY_MS / 1000} s (attempt ${attempt}). /api/health answers 503 until it is.`,
      );
      waiting ??= waitingApp(new Date());
      listening ??= startServer(front, config.port);
    },
  });
  await ensureFirstAdmin(db, config, (line) => console.log(line));
  // Keys an older version kept in clear are sealed before anyone is served (issue 34).
  const sealedKeys = await sealPlainDeviceKeys(db, escrowKey(deviceKeySecret));
  if (sealedKeys > 0) console.log(`device keys: ${sealedKeys} sealed with the device-key secret`);
  // Logs past their retention go at start too, not only when a device next uploads (30 and 90 days).
  await Promise.all([pruneDeviceLogs(db, new Date()), pruneOperationLogs(db, new Date())]).catch((error: unknown) =>
    console.error('log pruning failed:', error),
  );

  const app = createApp({
    db,
    config: {
      tokenSecret,
      deviceKeySecret,
      accessTokenTtlSeconds: config.accessTokenTtlSeconds,
      sessionTtlSeconds: config.sessionTtlSeconds,
      loginLimits: config.limits.loginLimits,
      strangerUploads: config.limits.strangerUploads,
    },
    media: {
      dir: join(config.dataDir, 'media'),
      s3: config.s3,
      // Several processes on one PostgreSQL: an upload resumed through another one waits for this lock.
      locker: isPostgresUrl(config.databaseUrl)
        ? new PostgresUploadLocker(uploadLockPool(config.databaseUrl))
        : undefined,
    },
    cameraOrigins: config.cameraOrigins,
    trustProxy: config.trustProxy,
    anonymousStorage: config.limits.anonymousStorage,
    accountLimits: config.limits.accountLimits,
    sealKeys: await loadSealKeys(config.dataDir),
  });
  serveWeb(app, config.webDist);

  serving = app;
  const { server, port } = await (listening ?? startServer(front, config.port));
  // The test harness waits for exactly this line.
  console.log(`listening on http://localhost:${port}`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    server.close(() => void db.destroy().then(() => process.exit(0)));
    // Keep-alive connections can hold close() open; do not hang the shutdown on them.
    setTimeout(
      () =>
        void db
          .destroy()
          .catch(() => undefined)
          .then(() => process.exit(0)),
      5000,
    ).unref();
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

/** Connections of their own for tus's upload locks: a lock is held on one for a whole PATCH. */
const UPLOAD_LOCK_CONNECTIONS = 10;
const uploadLockPool = (url: string) => resilientPool(url, UPLOAD_LOCK_CONNECTIONS);

main().catch((error: unknown) => {
  console.error(startFailureMessage(error, resolve(process.env.DATA_DIR || './data')));
  if (error instanceof Error && error.cause) console.error(error.cause);
  process.exit(1);
});
