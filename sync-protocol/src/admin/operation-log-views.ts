import { z } from 'zod';
import { figureView, isCount, isFlag, namedValues } from './named-counts';

/** PWA operation logs as the admin screens get them (spec 3, 7); the web parses each answer. */

/** One entry as the admin screens get it (spec 3). */
export const operationLogEntryViewSchema = z.object({
  id: z.string(),
  operation: z.string(),
  screen: z.string(),
  timestamp: z.string(),
  serverTimestamp: z.string(),
  sessionId: z.string(),
  device: z.object({
    type: z.string(),
    os: z.string(),
    browser: z.string(),
    screenWidth: figureView,
    screenHeight: figureView,
    userAgent: z.string(),
    /** The name the device was given in 設定 ('' for none). */
    name: z.string().optional(),
  }),
  /**
   * The e-mail the device put in its upload, under the spec's name (spec 3 `userEmail`). The upload
   * needs no login, so anyone may write anything here: shown as the device's claim, never as the user
   * who acted; `userEmailClaimed` says so to any reader, and `claimedUserEmail` is the same value under
   * the name earlier versions of this API gave it.
   */
  userEmail: z.string(),
  userEmailClaimed: z.literal(true),
  claimedUserEmail: z.string(),
  /** GET path of the attached photo (admin only), or null. */
  photoPath: z.string().nullable(),
  data: z.unknown(),
  error: z.object({ message: z.string(), stack: z.string(), code: z.string() }).nullable(),
  apiResponse: z.unknown(),
});
export type OperationLogEntry = z.infer<typeof operationLogEntryViewSchema>;

/** GET /api/pwa-operations/logs: date (YYYY-MM-DD, Japan time), operation, hasError, limit ≤ 100, offset. */
export const operationLogPageSchema = z.object({ logs: z.array(operationLogEntryViewSchema), total: z.number() });
export type OperationLogPage = z.infer<typeof operationLogPageSchema>;

/** GET /api/pwa-operations/error-analysis?days= (spec 3 "Error analysis"). */
export const errorAnalysisSchema = z.object({
  days: z.number(),
  totalOperations: z.number(),
  errorCount: z.number(),
  /** Percent, one decimal. */
  errorRate: z.number(),
  emotionDisplayErrors: z.number(),
  ageGenderDisplayErrors: z.number(),
  apiResponseAnalysis: z.object({
    totalApiCalls: z.number(),
    successfulWithData: z.number(),
    successfulWithFaces: z.number(),
    failedApiCalls: z.number(),
  }),
  /** By device type (mobile / tablet / desktop) with OS and browser. */
  deviceBreakdown: z.array(
    z.object({ type: z.string(), os: z.string(), browser: z.string(), count: z.number(), errorCount: z.number() }),
  ),
  errorsByOperation: namedValues(isCount),
  /** Operations and errors per day in the period, oldest first. */
  perDay: z.array(z.object({ date: z.string(), operations: z.number(), errors: z.number() })),
});
export type ErrorAnalysis = z.infer<typeof errorAnalysisSchema>;

/** GET /api/pwa-operations/error-report/{id} (spec 3 "Error report"): checks named in Japanese. */
export const errorReportSchema = z.object({
  entry: operationLogEntryViewSchema,
  diagnostics: namedValues(isFlag),
  recommendations: z.array(z.string()),
});
export type ErrorReport = z.infer<typeof errorReportSchema>;
