import { type DeviceLogUpload, type StoredDeviceLog, deviceLogUploadSchema } from '@clinic/sync-protocol/admin';
import { call, type TestCtx } from '../test/harness';

/** An upload as a tablet's browser sends it. */
export function deviceUpload(fields: Partial<DeviceLogUpload> = {}): DeviceLogUpload {
  return {
    sessionId: 'session_tablet-01',
    deviceInfo: {
      platform: 'Linux armv8l',
      viewport: '1280x800',
      connectionType: 'wifi',
      userAgent: 'Mozilla/5.0 (Linux; Android 14)',
      screenSize: '1280x800',
      language: 'ja-JP',
      // The name given in 設定: kept with the log, so the admin screen names the device.
      name: '施術室1',
    },
    networkInfo: { online: true, effectiveType: '4g', downlink: 10, rtt: 50 },
    errors: [
      {
        type: 'window_error',
        severity: 'high',
        message: 'undefined is not a function',
        stack: 'at a.js:1',
        timestamp: '2026-11-22T08:59:00.000Z',
        url: '/customers',
      },
      {
        type: 'api_error',
        severity: 'medium',
        message: '500',
        stack: '',
        timestamp: '2026-11-22T08:59:30.000Z',
        url: '/api/visits',
      },
    ],
    performance: {
      pageLoadTime: 1200.4,
      domContentLoaded: 800,
      firstContentfulPaint: 650.5,
      apiResponseTimes: [
        { url: '/api/visits', method: 'GET', status: 200, duration: 120, timestamp: '2026-11-22T08:58:00.000Z' },
      ],
    },
    userActions: [{ type: 'click', target: '保存', timestamp: '2026-11-22T08:58:30.000Z' }],
    timestamp: '2026-11-22T09:00:00.000Z',
    metadata: { appVersion: '1.0.0', trigger: 'interval', url: '/customers' },
    ...fields,
  };
}

/** The same as the server stores it, for writing rows directly. */
export const storedLog = (fields: Partial<DeviceLogUpload> = {}): StoredDeviceLog =>
  deviceLogUploadSchema.parse(deviceUpload(fields));

/** Sends an upload without logging in, as a device does. */
export const upload = (ctx: TestCtx, body: unknown, route: 'upload' | 'error' = 'upload') =>
  call(ctx.app, 'POST', `/api/android-logs/${route}`, { body });

export const sessionCount = async (ctx: TestCtx) =>
  (await ctx.db.selectFrom('device_log_sessions').select('id').execute()).length;
export const errorRowCount = async (ctx: TestCtx) =>
  (await ctx.db.selectFrom('device_log_errors').select('id').execute()).length;
