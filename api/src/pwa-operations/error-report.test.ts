import type { OperationLogEntryInput } from '@clinic/sync-protocol/admin';
import { operationLogBatchSchema } from '@clinic/sync-protocol/admin';
import { describe, expect, it } from 'vitest';
import { ADVICE, CHECKS, errorReport } from './error-report';
import { toLogRow } from './operation-log.entry';
import { analysisAnswer, logBatch, logEntry } from './pwa-operations-test-support';

/** The row an entry is stored as, without a database. */
function rowOf(fields: Partial<OperationLogEntryInput>, photo = false) {
  const batch = operationLogBatchSchema.parse(logBatch([logEntry(fields)]));
  return toLogRow(
    batch.logs[0]!,
    batch,
    new Date('2026-11-28T03:00:00Z'),
    photo ? { mime: 'image/png', size: 10 } : null,
  );
}

describe('errorReport', () => {
  it('names each check as something that is OK or 問題あり, never as a negative (エラーが記録されていない — 問題あり)', () => {
    expect(CHECKS.noError).toBe('エラーの有無');
    for (const name of Object.values(CHECKS)) expect(name).not.toMatch(/ない$/);
  });

  it('finds nothing to advise on a successful analysis that found a face', () => {
    const report = errorReport(
      rowOf({ operation: 'face_analysis_success', apiResponse: analysisAnswer(1), data: { online: true } }),
    );
    expect(report.diagnostics).toEqual({
      [CHECKS.noError]: true,
      [CHECKS.online]: true,
      [CHECKS.responded]: true,
      [CHECKS.succeeded]: true,
      [CHECKS.hasData]: true,
      [CHECKS.faceFound]: true,
      [CHECKS.displayed]: true,
    });
    expect(report.recommendations).toEqual([]);
  });

  it('advises on the first failure of the answer only, and never asks for the photo the app no longer sends', () => {
    const failed = errorReport(
      rowOf({
        operation: 'face_analysis_error',
        error: 'Request failed with status code 500',
        apiResponse: { success: false },
      }),
    );
    expect(failed.diagnostics).toMatchObject({
      [CHECKS.noError]: false,
      [CHECKS.responded]: true,
      [CHECKS.succeeded]: false,
      [CHECKS.hasData]: false,
      [CHECKS.faceFound]: false,
    });
    expect(failed.diagnostics).not.toHaveProperty(CHECKS.photo);
    expect(failed.recommendations).toEqual([ADVICE.succeeded]);

    const noFace = errorReport(
      rowOf(
        { operation: 'face_analysis_error', error: '顔が検出されませんでした', apiResponse: analysisAnswer(0) },
        true,
      ),
    );
    expect(noFace.diagnostics).toMatchObject({
      [CHECKS.photo]: true,
      [CHECKS.hasData]: true,
      [CHECKS.faceFound]: false,
    });
    expect(noFace.recommendations).toEqual([ADVICE.faceFound]);
  });

  it('names being offline as the cause when the device said so', () => {
    const report = errorReport(
      rowOf({ operation: 'face_analysis_error', error: 'Network Error', data: { online: false } }, true),
    );
    expect(report.diagnostics).toMatchObject({ [CHECKS.online]: false, [CHECKS.responded]: false });
    expect(report.recommendations).toEqual([ADVICE.online, ADVICE.responded]);
  });

  it('says the result could not be shown for a display error', () => {
    const report = errorReport(rowOf({ operation: 'emotion_display_error', apiResponse: analysisAnswer(1) }, true));
    expect(report.diagnostics).toMatchObject({ [CHECKS.faceFound]: true, [CHECKS.displayed]: false });
    expect(report.recommendations).toEqual([ADVICE.displayed]);
  });

  it('checks other operations only for errors and their own API answer, with general advice when no cause is known', () => {
    const report = errorReport(rowOf({ operation: 'sync_error', error: 'timeout' }));
    expect(report.diagnostics).toEqual({ [CHECKS.noError]: false });
    expect(report.recommendations).toEqual([ADVICE.noError]);
    const start = errorReport(rowOf({ operation: 'face_analysis_start' }));
    expect([start.diagnostics, start.recommendations]).toEqual([{ [CHECKS.noError]: true }, []]);
  });
});
