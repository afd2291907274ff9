import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the background connection copies committed WAL pages into the database file. */
export const CHECKPOINT_INTERVAL_MS = 100;

/**
 * The writer still checkpoints by itself once the WAL holds this many pages (about 40 MB): under a
 * long steady stream of writes the background checkpoints never catch up to the last frame, and
 * only a checkpoint by the writer lets SQLite start the WAL over.
 */
export const WRITER_CHECKPOINT_PAGES = 10_000;

// Plain JavaScript, run with `eval`, so the worker starts the same under node, tsx and vitest.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('synchronous = NORMAL');
// A failing checkpoint (SQLITE_FULL while the disk is full) is tried again on the next tick: the
// checkpointer goes on by itself once space returns. The parent is told when it fails and recovers.
let failing = false;
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    if (failing) parentPort.postMessage({ recovered: true });
    failing = false;
  } catch (error) {
    if (!failing) parentPort.postMessage({ failed: (error && error.code ? error.code + ': ' : '') + String(error && error.message) });
    failing = true;
  }
}, workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /**
   * Stops checkpointing and closes the worker's connection; the writer may close before or after. Resolves
   * once the worker has gone: until then it may still open the file (and so create the -wal and -shm files
   * again), which raced a test or a restore that removes the folder right after closing the database.
   */
  stop(): Promise<void>;
}

/**
 * Checkpoints a WAL-mode SQLite file from a worker thread with its own connection. A checkpoint ends
 * with two fsyncs that take milliseconds; run by the writer (SQLite's default autocheckpoint) they
 * stall the event loop inside a commit every hundred or so transactions. A PASSIVE checkpoint
 * never blocks the writer, and durability is the same: the WAL is synced before pages are copied
 * and the database file after, whichever connection does it.
 */
export function startCheckpointer(
  file: string,
  intervalMs = CHECKPOINT_INTERVAL_MS,
  restartMs = CHECKPOINTER_RESTART_MS,
): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  let stopped = false;
  let worker: Worker;
  let exited: Promise<void>;
  let restart: NodeJS.Timeout | undefined;
  const start = () => {
    worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file, intervalMs } });
    worker.on('message', (message: { failed?: string; recovered?: boolean }) => {
      if (message.failed) console.error(`background WAL checkpoint failed (${message.failed}); trying again`);
      if (message.recovered) console.log('background WAL checkpoint works again');
    });
    // A background helper must never keep the process alive; the writer's own checkpoints cover for it.
    // (After the 'message' listener: attaching one refs the worker again.)
    worker.unref();
    // Once stopped, the file may be gone before the worker even opened it (tests remove theirs). Before
    // that, a worker that died (it could not open the file) is started again a moment later.
    worker.on('error', (error) => {
      if (stopped) return;
      console.error(`background WAL checkpoint stopped; starting it again in ${restartMs} ms:`, error);
      restart = setTimeout(() => {
        if (!stopped) start();
      }, restartMs);
      restart.unref();
    });
    exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  };
  start();
  return {
    stop() {
      stopped = true;
      clearTimeout(restart);
      // Referenced again until it has gone: a script awaiting this with nothing else pending (`npm run restore`)
      // would otherwise end at once with Node's exit code 13, an unsettled top-level await.
      worker.ref();
      worker.postMessage('stop');
      return exited;
    },
  };
}

/** A checkpointer whose worker died is started again after this long. */
export const CHECKPOINTER_RESTART_MS = 1_000;
