import { z } from 'zod';
import { cappedText, optionalFigure } from './capped';
import { DEVICE_NAME_MAX } from '../settings/device-name-header';
import { OPERATION_LOG_LIMITS, OPERATION_TYPES } from './limits';

export { OPERATION_LOG_LIMITS, OPERATION_TYPES, type OperationType } from './limits';

export const operationDeviceSchema = z
  .unknown()
  .optional()
  .transform((v) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {}))
  .pipe(
    z.object({
      type: cappedText(20),
      os: cappedText(40),
      browser: cappedText(40),
      screenWidth: optionalFigure,
      screenHeight: optionalFigure,
      userAgent: cappedText(400),
      /** The name the device was given in 設定 (施術室1); '' when it has none. */
      name: cappedText(DEVICE_NAME_MAX),
    }),
  );
export type OperationDevice = z.output<typeof operationDeviceSchema>;

const operationError = z
  .unknown()
  .optional()
  .transform((v) => {
    if (v === undefined || v === null || v === '') return null;
    if (typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    return { message: v };
  })
  .pipe(z.object({ message: cappedText(2000), stack: cappedText(4000), code: cappedText(60) }).nullable());

/**
 * One entry as a device sends it. Spec 7 lists no `id`: the server makes one then. A device that
 * makes its own keeps a retry idempotent (a batch sent twice is stored once).
 * Only the operation types this app logs are taken: any other name (`__proto__`, `constructor`)
 * would be a key the admin screens look up, so it is refused at the door.
 */
export const operationLogEntrySchema = z.object({
  id: z.uuid().optional(),
  operation: z.string().max(60).pipe(z.enum(OPERATION_TYPES)),
  screen: cappedText(100),
  timestamp: cappedText(40),
  /** Who the device says was logged in: the upload has no token, so it is a claim, never a verified user. */
  userEmail: cappedText(254),
  data: z.unknown().optional(),
  error: operationError,
  apiResponse: z.unknown().optional(),
});
/** An entry as this app's devices send it: always with their own id, so a retry stays idempotent. */
export type OperationLogEntryInput = z.input<typeof operationLogEntrySchema> & { id: string };
export type OperationLogEntryParsed = z.output<typeof operationLogEntrySchema>;

/** POST /api/pwa-operations/log (spec 7). */
export const operationLogBatchSchema = z.object({
  logs: z.array(operationLogEntrySchema).min(1).max(OPERATION_LOG_LIMITS.batch),
  sessionId: z
    .string()
    .trim()
    .min(1)
    .max(100, { abort: true })
    .regex(/^[A-Za-z0-9_-]+$/),
  device: operationDeviceSchema,
});
export type OperationLogBatch = z.input<typeof operationLogBatchSchema>;

// The answers the admin screens get are in operation-log-views.ts.

/**
 * What an API answer kept with an entry says, read the same way wherever it is counted: did the
 * call succeed, did it carry data, did that data contain faces.
 */
export function apiResponseFacts(response: unknown): { ok: boolean; hasData: boolean; faceCount: number } | null {
  if (response === undefined || response === null || typeof response !== 'object') return null;
  const r = response as Record<string, unknown>;
  const ok =
    r.success === true || (typeof r.status === 'number' && r.status >= 200 && r.status < 300 && r.success !== false);
  const data = (r.data ?? null) as Record<string, unknown> | null;
  const hasData = ok && data !== null && typeof data === 'object';
  const result = (hasData ? (data.analysisResult ?? data) : null) as Record<string, unknown> | null;
  const faces =
    result && Array.isArray(result.faces)
      ? result.faces
      : result && Array.isArray(result.FaceDetails)
        ? result.FaceDetails
        : [];
  return { ok, hasData, faceCount: faces.length };
}
