import { z } from 'zod';
import { cappedText, optionalFigure } from './capped';
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
  sessionId: z.string().trim().min(1).max(100, { abort: true }).regex(/^[A-Za-z0-9_-]+$/),
  device: operationDeviceSchema,
});
export type OperationLogBatch = z.input<typeof operationLogBatchSchema>;

/** One entry as the admin screens get it (spec 3). */
export interface OperationLogEntry {
  id: string;
  operation: string;
  screen: string;
  timestamp: string;
  serverTimestamp: string;
  sessionId: string;
  device: OperationDevice;
  /**
   * The e-mail the device put in its upload (spec 3 `userEmail`). The upload needs no login, so
   * anyone may write anything here: shown as the device's claim, never as the user who acted.
   */
  claimedUserEmail: string;
  /** GET path of the attached photo (admin only), or null. */
  photoPath: string | null;
  data: unknown;
  error: { message: string; stack: string; code: string } | null;
  apiResponse: unknown;
}

/** GET /api/pwa-operations/logs: date (YYYY-MM-DD, Japan time), operation, hasError, limit ≤ 100, offset. */
export interface OperationLogPage {
  logs: OperationLogEntry[];
  total: number;
}

/** GET /api/pwa-operations/error-analysis?days= (spec 3 "Error analysis"). */
export interface ErrorAnalysis {
  days: number;
  totalOperations: number;
  errorCount: number;
  /** Percent, one decimal. */
  errorRate: number;
  emotionDisplayErrors: number;
  ageGenderDisplayErrors: number;
  apiResponseAnalysis: { totalApiCalls: number; successfulWithData: number; successfulWithFaces: number; failedApiCalls: number };
  /** By device type (mobile / tablet / desktop) with OS and browser. */
  deviceBreakdown: Array<{ type: string; os: string; browser: string; count: number; errorCount: number }>;
  errorsByOperation: Record<string, number>;
  /** Operations and errors per day in the period, oldest first. */
  perDay: Array<{ date: string; operations: number; errors: number }>;
}

/** GET /api/pwa-operations/error-report/{id} (spec 3 "Error report"): checks named in Japanese. */
export interface ErrorReport {
  entry: OperationLogEntry;
  diagnostics: Record<string, boolean>;
  recommendations: string[];
}

/**
 * What an API answer kept with an entry says, read the same way wherever it is counted: did the
 * call succeed, did it carry data, did that data contain faces.
 */
export function apiResponseFacts(response: unknown): { ok: boolean; hasData: boolean; faceCount: number } | null {
  if (response === undefined || response === null || typeof response !== 'object') return null;
  const r = response as Record<string, unknown>;
  const ok = r.success === true || (typeof r.status === 'number' && r.status >= 200 && r.status < 300 && r.success !== false);
  const data = (r.data ?? null) as Record<string, unknown> | null;
  const hasData = ok && data !== null && typeof data === 'object';
  const result = (hasData ? (data.analysisResult ?? data) : null) as Record<string, unknown> | null;
  const faces = result && Array.isArray(result.faces) ? result.faces : result && Array.isArray(result.FaceDetails) ? result.FaceDetails : [];
  return { ok, hasData, faceCount: faces.length };
}
