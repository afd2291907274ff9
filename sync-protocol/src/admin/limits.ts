/**
 * The admin logs' limits and names, without zod: the device's log collectors load with the app's
 * start, and importing the schemas for a constant would bring zod with them.
 */

/**
 * The device error log (the spec's "Android logs"): what a phone or tablet's browser reports about
 * itself, sent without logging in (spec 6), so every field is capped and nothing is refused for
 * being odd. The limits are the spec's (section 9) where it names them.
 */
export const DEVICE_LOG_LIMITS = {
  /** Kept on the device before an upload; the server keeps the same number at most. */
  errors: 100,
  /** The action log is trimmed from over 100 to the last 50 (spec 9). */
  actionsTrimAt: 100,
  actionsKeep: 50,
  /** API timings are trimmed from over 50 to the last 25 (spec 9). */
  apiTimesTrimAt: 50,
  apiTimesKeep: 25,
  /** Detail shows the last 10 API times, the last 20 actions and a stack's first 200 characters (spec 9). */
  detailApiTimes: 10,
  detailActions: 20,
  detailStackChars: 200,
  /** Periodic upload (spec 9). */
  uploadIntervalMs: 5 * 60 * 1000,
  /** One upload's JSON, refused above this with 413 before it is read. */
  maxBodyBytes: 256 * 1024,
  /** Sessions older than this are pruned by the server (our choice; see DEVIATIONS in the note). */
  retentionDays: 30,
} as const;

export const ERROR_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type ErrorSeverity = (typeof ERROR_SEVERITIES)[number];

/** The server's file names: what detail and download accept, checked before any lookup. */
export const DEVICE_LOG_FILE_NAME = /^android-log-[0-9]{8}T[0-9]{6}-[A-Za-z0-9_-]{1,40}-[0-9a-f]{8}\.json$/;

/**
 * PWA operation logs (spec 3 "PWA operation log entry", 4 "Operation-log batching"): what the
 * screens did and where it failed, queued on the device and sent without logging in (spec 6; a
 * page being closed can only send with sendBeacon, which sets no header).
 */
export const OPERATION_LOG_LIMITS = {
  /** Flush delay after the first queued entry (spec 9). */
  flushDelayMs: 5000,
  /** The start-up event is recorded this long after the app first renders (spec 9). */
  startEventDelayMs: 500,
  /** Entries in one POST /log. */
  batch: 50,
  /** The list's page size (spec 9) and the error analysis' default period. */
  listLimit: 100,
  analysisDays: 7,
  maxAnalysisDays: 90,
  /** One POST /log body; the photo route takes the media limit (5 MB) plus its fields. */
  maxBodyBytes: 256 * 1024,
  /** data / apiResponse are kept as JSON text of at most this many characters. */
  jsonChars: 8000,
  /** Entries older than this are pruned by the server (our choice, documented in the note). */
  retentionDays: 90,
} as const;

/** The spec's four (section 3) and the ones this app adds for its own failures. */
export const OPERATION_TYPES = [
  'face_analysis_start',
  'face_analysis_success',
  'face_analysis_error',
  'emotion_display_error',
  'age_gender_display_error',
  'sync_error',
  'login_failure',
  /** The app started (spec 9's start-up event): when, and on what device. */
  'app_start',
] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

/** The access log's page size and the most rows one CSV holds. */
export const AUDIT_LOG_LIMITS = { page: 100, csvRows: 50_000 } as const;
