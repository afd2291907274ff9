import type { OperationLogBatch, OperationLogEntryInput } from '@clinic/sync-protocol/admin';
import { OPERATION_LOG_LIMITS as L, type OperationType } from '@clinic/sync-protocol/admin/limits';
import { apiFetch } from '../api/client';
import { deviceCredentialHeaders } from '../api/device-identity';
import { ApiError } from '../api/errors';
import { API_BASE, ignoreAnswer, jsonRequest } from '../api/http';
import { sessionStore } from '../auth/session-store';
import { logDb, type LogDb, type QueuedOperation } from './log-db';
import { logSessionId, operationDevice } from './device-facts';
import { hasDataKey, onDataKeyChange } from '../vault/data-key';

export type OperationFields = {
  /** The screen's path; the current one when left out. */
  screen?: string;
  data?: unknown;
  error?: { message: string; code?: string; stack?: string } | null;
  apiResponse?: unknown;
};

/** After a failed send, the next try (besides the network coming back and the next entry). */
const RETRY_MS = 60_000;
const LOG_PATH = '/pwa-operations/log';

type Queue = {
  db: LogDb;
  timer: ReturnType<typeof setTimeout> | undefined;
  flushing: Promise<void> | null;
  /** The queue as last seen, for sendBeacon, which must be called synchronously as the page goes. */
  mirror: Map<string, OperationLogEntryInput>;
};
const queue: Queue = { db: logDb, timer: undefined, flushing: null, mirror: new Map() };

/**
 * Queues one operation-log entry on the device (spec 4 "Operation-log batching"): sent after 5 s with
 * whatever else came meanwhile, at once when it records an error. Never throws and never makes a
 * screen wait; an entry that cannot be stored is dropped (a log must not break the work it watches).
 */
export function logOperation(operation: OperationType, fields: OperationFields = {}): void {
  void enqueue(operation, fields).catch(() => undefined);
}

let lastQueuedAt = 0;

async function enqueue(operation: OperationType, fields: OperationFields) {
  const id = crypto.randomUUID();
  const entry: OperationLogEntryInput = {
    id,
    operation,
    screen: fields.screen ?? location.pathname,
    timestamp: new Date().toISOString(),
    userEmail: sessionStore.get()?.user.email ?? '',
    // Whether the device was online then: the error report tells a network problem from the others by it.
    data: withOnline(fields.data),
    error: fields.error ?? null,
    apiResponse: fields.apiResponse,
  };
  // Strictly increasing, so entries logged within one millisecond are sent in the order they were logged
  // (the queue is read by `queuedAt`; a tie fell back to the random id).
  lastQueuedAt = Math.max(Date.now(), lastQueuedAt + 0.001);
  const item: QueuedOperation = { id, entry, queuedAt: lastQueuedAt, attempts: 0 };
  await queue.db.operationQueue.add(item);
  queue.mirror.set(id, entry);
  schedule(entry.error ? 0 : L.flushDelayMs);
}

function withOnline(data: unknown): unknown {
  if (data === undefined) return { online: navigator.onLine };
  return data !== null && typeof data === 'object' && !Array.isArray(data)
    ? { ...data, online: navigator.onLine }
    : data;
}

function schedule(delay: number) {
  if (queue.timer !== undefined && delay > 0) return; // a flush is already due sooner
  clearTimeout(queue.timer);
  queue.timer = setTimeout(() => {
    queue.timer = undefined;
    void flushOperationLog();
  }, delay);
}

/** Sends everything queued, oldest first; what fails stays queued (re-queued, spec 4) for the next try. */
export function flushOperationLog(): Promise<void> {
  queue.flushing ??= sendQueued().finally(() => {
    queue.flushing = null;
  });
  return queue.flushing;
}

async function sendQueued(): Promise<void> {
  // Locked: the queue is sealed and cannot be read; it goes once someone unlocks (startOperationLog).
  if (!navigator.onLine || !hasDataKey()) return;
  for (;;) {
    const batch = await queue.db.operationQueue.orderBy('queuedAt').limit(L.batch).toArray();
    if (batch.length === 0) return;
    const sent = await sendEntries(batch);
    if (!sent) {
      await queue.db.operationQueue.bulkUpdate(
        batch.map((item) => ({ key: item.id, changes: { attempts: item.attempts + 1 } })),
      );
      schedule(RETRY_MS);
      return;
    }
  }
}

/**
 * True when the batch left the queue: stored by the server, or refused for good (it would fail forever).
 * A batch too large for the server (413) goes again in halves; a single entry too large is dropped.
 * Only the entries go: a photo an older version queued with one is never sent (the log is anonymous and
 * kept apart from the patient's record), and leaves the device with its entry.
 */
async function sendEntries(items: QueuedOperation[]): Promise<boolean> {
  const status = await post({
    logs: items.map((item) => item.entry),
    sessionId: logSessionId(),
    device: operationDevice(),
  });
  if (status === 413 && items.length > 1) {
    const half = Math.ceil(items.length / 2);
    return (await sendEntries(items.slice(0, half))) && (await sendEntries(items.slice(half)));
  }
  if (!leaves(status)) return false;
  await drop(items);
  return true;
}

/** Stored (2xx), or refused as malformed (400, 413): retrying would only fail again. Anything else is retried. */
const leaves = (status: number | null) =>
  status !== null && ((status >= 200 && status < 300) || status === 400 || status === 413);

async function drop(items: QueuedOperation[]) {
  await queue.db.operationQueue.bulkDelete(items.map((item) => item.id));
  for (const item of items) queue.mirror.delete(item.id);
}

/** The answer's status; null when none came (offline, timed out). Sent without a token (spec 6). */
async function post(batch: OperationLogBatch): Promise<number | null> {
  try {
    const request = jsonRequest(batch);
    const headers = { ...request.headers, ...deviceCredentialHeaders() };
    await apiFetch(LOG_PATH, { method: 'POST', auth: false, unobserved: true, ...request, headers }, ignoreAnswer);
    return 200;
  } catch (error) {
    return error instanceof ApiError ? error.status : null;
  }
}

/**
 * As the page goes away (spec: "on page unload"), what is still queued is handed to sendBeacon, which
 * the browser delivers after the page is gone. The entries stay queued: if the beacon never arrived
 * they go with the next flush, and the server stores an id once, so a beacon that did arrive is harmless.
 */
function beaconQueued() {
  if (queue.mirror.size === 0 || !navigator.sendBeacon) return;
  const logs = [...queue.mirror.values()].slice(0, L.batch);
  const body = JSON.stringify({ logs, sessionId: logSessionId(), device: operationDevice() });
  navigator.sendBeacon(`${API_BASE}${LOG_PATH}`, new Blob([body], { type: 'text/plain;charset=UTF-8' }));
}

/**
 * Page-wide: sends what an earlier visit left queued, again whenever the network returns, and hands
 * the rest to sendBeacon when the page is hidden. Returns the way to stop (tests).
 */
export function startOperationLog(db: LogDb = logDb): () => void {
  queue.db = db;
  const onOnline = () => void flushOperationLog();
  const onHide = () => beaconQueued();
  window.addEventListener('online', onOnline);
  window.addEventListener('pagehide', onHide);
  const sendLeftOver = () =>
    void db.operationQueue
      .toArray()
      .then((items) => {
        for (const item of items) queue.mirror.set(item.id, item.entry);
        if (items.length > 0) void flushOperationLog();
      })
      .catch(() => undefined);
  sendLeftOver();
  // What was queued before the app was unlocked is sealed: it is read and sent once the key is here.
  const stopKeyWatch = onDataKeyChange(() => {
    if (hasDataKey()) sendLeftOver();
  });
  return () => {
    stopKeyWatch();
    window.removeEventListener('online', onOnline);
    window.removeEventListener('pagehide', onHide);
    clearTimeout(queue.timer);
    queue.timer = undefined;
    queue.mirror.clear();
  };
}
