import { z } from 'zod';
import { ERROR_SEVERITIES } from './limits';
import { figureView, isCount, namedValues } from './named-counts';

/** The device error log as the admin screens get it (spec 7 "Android logs"); the web parses each answer. */

const deviceInfoView = z.object({
  platform: z.string(),
  viewport: z.string(),
  connectionType: z.string(),
  userAgent: z.string(),
  screenSize: z.string(),
  language: z.string(),
  /** The name the device was given in 設定; missing on a log sent before devices had names. */
  name: z.string().optional(),
});

/** One stored upload as the list shows it (data.logs of GET /api/android-logs/list). */
export const deviceLogSessionSchema = z.object({
  sessionId: z.string(),
  uploadTime: z.string(),
  deviceInfo: deviceInfoView,
  errorCount: z.number(),
  actionCount: z.number(),
  performance: z.object({ pageLoadTime: figureView, domContentLoaded: figureView, firstContentfulPaint: figureView }),
  /** Bytes of the stored JSON. */
  fileSize: z.number(),
  /** The server's name for it; the only key detail and download accept. */
  fileName: z.string(),
  /** How it came: upload (every 5 minutes / by hand) or error (sent at once on an error). */
  kind: z.enum(['upload', 'error']),
  errorTypes: z.array(z.string()),
});
export type DeviceLogSession = z.infer<typeof deviceLogSessionSchema>;

/** GET /api/android-logs/list. */
export const deviceLogListSchema = z.object({ logs: z.array(deviceLogSessionSchema) });
export type DeviceLogList = z.infer<typeof deviceLogListSchema>;

/** GET /api/android-logs/detail/{file}: the session and everything it sent. */
export const deviceLogDetailSchema = deviceLogSessionSchema.extend({
  errors: z.array(
    z.object({
      type: z.string(),
      severity: z.enum(ERROR_SEVERITIES),
      message: z.string(),
      stack: z.string(),
      timestamp: z.string(),
      url: z.string(),
    }),
  ),
  userActions: z.array(z.object({ type: z.string(), target: z.string(), timestamp: z.string() })),
  apiResponseTimes: z.array(
    z.object({ url: z.string(), method: z.string(), status: figureView, duration: figureView, timestamp: z.string() }),
  ),
  networkInfo: z.object({ online: z.boolean(), effectiveType: z.string(), downlink: figureView, rtt: figureView }),
  metadata: z.object({ appVersion: z.string(), trigger: z.string(), url: z.string() }),
});
export type DeviceLogDetail = z.infer<typeof deviceLogDetailSchema>;

/** GET /api/android-logs/stats (spec 3 "Android log stats") plus errors per day for the chart. */
export const deviceLogStatsSchema = z.object({
  summary: z.object({
    totalSessions: z.number(),
    totalErrors: z.number(),
    totalActions: z.number(),
    avgPageLoadTime: figureView,
  }),
  errorTypes: namedValues(isCount),
  /** The last 14 days, oldest first, days without errors included (YYYY-MM-DD in Japan time, UTC+9). */
  errorsPerDay: z.array(z.object({ date: z.string(), count: z.number() })),
});
export type DeviceLogStats = z.infer<typeof deviceLogStatsSchema>;
