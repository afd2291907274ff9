import { z } from 'zod';
import { cappedText, lastItems, optionalFigure } from './capped';
import { DEVICE_NAME_MAX } from '../settings/device-name-header';
import { DEVICE_LOG_LIMITS, ERROR_SEVERITIES, type ErrorSeverity } from './limits';

export { DEVICE_LOG_FILE_NAME, DEVICE_LOG_LIMITS, ERROR_SEVERITIES, type ErrorSeverity } from './limits';

/**
 * The device error log (the spec's "Android logs"): what a phone or tablet's browser reports about
 * itself, sent without logging in (spec 6), so every field is capped and nothing is refused for
 * being odd.
 */

const severity = z
  .unknown()
  .optional()
  .transform((v): ErrorSeverity => (ERROR_SEVERITIES.includes(v as ErrorSeverity) ? (v as ErrorSeverity) : 'medium'));

export const deviceInfoSchema = z.object({
  platform: cappedText(100),
  viewport: cappedText(40),
  connectionType: cappedText(40),
  userAgent: cappedText(400),
  screenSize: cappedText(40),
  language: cappedText(40),
  /** The name the device was given in 設定 (施術室1); '' when it has none. */
  name: cappedText(DEVICE_NAME_MAX),
});
export type DeviceInfo = z.output<typeof deviceInfoSchema>;

export const deviceErrorSchema = z.object({
  /** window_error, unhandled_rejection, api_error, manual, … */
  type: cappedText(60),
  severity,
  message: cappedText(2000),
  stack: cappedText(8000),
  timestamp: cappedText(40),
  url: cappedText(400),
});
export type DeviceError = z.output<typeof deviceErrorSchema>;

export const userActionSchema = z.object({
  type: cappedText(40),
  target: cappedText(200),
  timestamp: cappedText(40),
});
export type UserAction = z.output<typeof userActionSchema>;

export const apiTimingSchema = z.object({
  url: cappedText(300),
  method: cappedText(10),
  status: optionalFigure,
  duration: optionalFigure,
  timestamp: cappedText(40),
});
export type ApiTiming = z.output<typeof apiTimingSchema>;

export const devicePerformanceSchema = z.object({
  pageLoadTime: optionalFigure,
  domContentLoaded: optionalFigure,
  firstContentfulPaint: optionalFigure,
  apiResponseTimes: lastItems(apiTimingSchema, DEVICE_LOG_LIMITS.apiTimesKeep),
});
export type DevicePerformance = z.output<typeof devicePerformanceSchema>;

const objectOrEmpty = <T extends z.ZodType<unknown, object>>(schema: T) =>
  z
    .unknown()
    .optional()
    .transform((v): object => (v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {}))
    .pipe(schema);

/** POST /api/android-logs/upload and /api/android-logs/error (spec 7), no auth header. */
export const deviceLogUploadSchema = z.object({
  // The one field that must be right: it names the session in the list.
  sessionId: z
    .string()
    .trim()
    .min(1)
    .max(100, { abort: true })
    .regex(/^[A-Za-z0-9_-]+$/),
  deviceInfo: objectOrEmpty(deviceInfoSchema),
  networkInfo: objectOrEmpty(
    z.object({
      online: z
        .unknown()
        .optional()
        .transform((v) => v !== false),
      effectiveType: cappedText(20),
      downlink: optionalFigure,
      rtt: optionalFigure,
    }),
  ),
  errors: lastItems(deviceErrorSchema, DEVICE_LOG_LIMITS.errors),
  performance: objectOrEmpty(devicePerformanceSchema),
  userActions: lastItems(userActionSchema, DEVICE_LOG_LIMITS.actionsKeep),
  timestamp: cappedText(40),
  metadata: objectOrEmpty(z.object({ appVersion: cappedText(20), trigger: cappedText(20), url: cappedText(400) })),
});
export type DeviceLogUpload = z.input<typeof deviceLogUploadSchema>;
export type StoredDeviceLog = z.output<typeof deviceLogUploadSchema>;

// The answers the admin screens get are in device-log-views.ts.
