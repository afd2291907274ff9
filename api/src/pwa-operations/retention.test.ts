import { OPERATION_LOG_LIMITS, operationLogBatchSchema } from '@clinic/sync-protocol/admin';
import { afterEach, expect, it, vi } from 'vitest';
import { png } from '../media/media-test-support';
import { MINUTE, advance, describeEachDatabase, useFakeDate } from '../test/harness';
import { toLogRow } from './operation-log.entry';
import { insertOperationLogPhoto, insertOperationLogs } from './operation-log.repository';
import { logBatch, logEntry, postLogs, postPhotoLog } from './pwa-operations-test-support';
import { pruneOperationLogs } from './retention';

const DAY_MS = 24 * 60 * MINUTE;
const RETENTION_MS = OPERATION_LOG_LIMITS.retentionDays * DAY_MS;

describeEachDatabase('operation logs are kept for 90 days', (getCtx) => {
  afterEach(() => vi.useRealTimers());

  /** An entry stored as if it had arrived at `at`, with a photo. */
  async function storedAt(at: Date): Promise<string> {
    const batch = operationLogBatchSchema.parse(logBatch([logEntry()]));
    const row = toLogRow(batch.logs[0]!, batch, at, { mime: 'image/png', size: 4 });
    await insertOperationLogs(getCtx().db, [row]);
    await insertOperationLogPhoto(getCtx().db, { log_id: row.id, mime: 'image/png', bytes: await png(4, 4) });
    return row.id;
  }
  const logIds = async () =>
    (await getCtx().db.selectFrom('operation_logs').select('id').execute()).map((row) => row.id).sort();
  const photoIds = async () =>
    (await getCtx().db.selectFrom('operation_log_photos').select('log_id').execute()).map((row) => row.log_id).sort();

  it('deletes the entries and photos that arrived before the period, and keeps the rest', async () => {
    const now = new Date('2026-11-28T03:00:00Z');
    await storedAt(new Date(now.getTime() - RETENTION_MS - 1));
    const lastKept = await storedAt(new Date(now.getTime() - RETENTION_MS));
    const recent = await storedAt(now);
    expect(await pruneOperationLogs(getCtx().db, now)).toBe(1);
    expect(await logIds()).toEqual([lastKept, recent].sort());
    expect(await photoIds()).toEqual([lastKept, recent].sort());
  });

  it('prunes from the logging routes at most once an hour', async () => {
    useFakeDate('2026-11-28T03:00:00Z');
    await storedAt(new Date(Date.now() - RETENTION_MS - DAY_MS));
    const first = logEntry();
    expect((await postLogs(getCtx().app, logBatch([first]))).status).toBe(201);
    expect(await logIds()).toEqual([first.id]);

    const expiredLater = await storedAt(new Date(Date.now() - RETENTION_MS - DAY_MS));
    advance(30 * MINUTE);
    const second = logEntry();
    expect((await postLogs(getCtx().app, logBatch([second]))).status).toBe(201);
    expect(await logIds()).toContain(expiredLater);

    advance(31 * MINUTE);
    const third = crypto.randomUUID();
    expect(
      (await postPhotoLog(getCtx().app, await png(), { id: third, operation: 'face_analysis_start', sessionId: 's' }))
        .status,
    ).toBe(201);
    expect(await logIds()).toEqual([first.id, second.id, third].sort());
    expect(await photoIds()).toEqual([third]);
  });
});
