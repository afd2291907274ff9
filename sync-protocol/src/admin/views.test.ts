import { describe, expect, it } from 'vitest';
import { auditLogPageSchema } from './audit-log-views';
import { deviceLogDetailSchema, deviceLogSessionSchema, deviceLogStatsSchema } from './device-log-views';
import { errorReportSchema, operationLogPageSchema } from './operation-log-views';

const session = {
  sessionId: 's-1',
  uploadTime: '2026-11-20T01:00:00.000Z',
  deviceInfo: {
    platform: 'Android',
    viewport: '800x1280',
    connectionType: '4g',
    userAgent: 'UA',
    screenSize: '800x1280',
    language: 'ja',
  },
  errorCount: 1,
  actionCount: 0,
  performance: { pageLoadTime: 900, domContentLoaded: null, firstContentfulPaint: null },
  fileSize: 120,
  fileName: 'android-log-20261120T010000-s-1-0123abcd.json',
  kind: 'error',
  errorTypes: ['window_error'],
};

const entry = {
  id: 'e-1',
  operation: 'face_analysis_error',
  screen: '/face-analysis',
  timestamp: '2026-11-20T01:00:00.000Z',
  serverTimestamp: '2026-11-20T01:00:01.000Z',
  sessionId: 's-1',
  device: { type: 'tablet', os: 'Android', browser: 'Chrome', screenWidth: 800, screenHeight: null, userAgent: 'UA' },
  userEmail: '',
  userEmailClaimed: true,
  claimedUserEmail: '',
  photoPath: null,
  data: { online: true },
  error: { message: '分析に失敗しました', stack: '', code: 'analyze' },
  apiResponse: null,
};

describe('the admin answers as the web parses them', () => {
  it('takes a device log detail as the server sends it', () => {
    const detail = {
      ...session,
      errors: [{ type: 'window_error', severity: 'high', message: 'x', stack: '', timestamp: '', url: '/' }],
      userActions: [],
      apiResponseTimes: [{ url: '/customers', method: 'GET', status: 200, duration: null, timestamp: '' }],
      networkInfo: { online: true, effectiveType: '4g', downlink: null, rtt: 50 },
      metadata: { appVersion: '0.1.0', trigger: 'error', url: '/' },
    };
    expect(deviceLogDetailSchema.parse(detail)).toEqual(detail);
  });

  it('refuses a session of a kind it does not know, or without its file name', () => {
    expect(deviceLogDetailSchema.safeParse({ ...session, kind: 'other' }).success).toBe(false);
    expect(deviceLogSessionSchema.safeParse(session).success).toBe(true);
    expect(deviceLogSessionSchema.safeParse({ ...session, fileName: undefined }).success).toBe(false);
  });

  it('keeps an error type a device named __proto__ (z.record would drop it) and refuses counts that are not numbers', () => {
    const counts = JSON.parse('{"__proto__":3,"toString":1}') as unknown;
    const stats = {
      summary: { totalSessions: 1, totalErrors: 4, totalActions: 0, avgPageLoadTime: null },
      errorTypes: counts,
      errorsPerDay: [],
    };
    const parsed = deviceLogStatsSchema.parse(stats);
    expect(Object.entries(parsed.errorTypes)).toEqual([
      ['__proto__', 3],
      ['toString', 1],
    ]);
    expect(deviceLogStatsSchema.safeParse({ ...stats, errorTypes: { window_error: '3' } }).success).toBe(false);
    expect(deviceLogStatsSchema.safeParse({ ...stats, errorTypes: [3] }).success).toBe(false);
  });

  it('takes an operation-log page and an error report, and refuses a report whose checks are not yes or no', () => {
    expect(operationLogPageSchema.parse({ logs: [entry], total: 1 }).logs[0]).toEqual(entry);
    const report = { entry, diagnostics: { 顔が検出された: false }, recommendations: ['明るい場所で撮影してください'] };
    expect(errorReportSchema.parse(report)).toEqual(report);
    expect(errorReportSchema.safeParse({ ...report, diagnostics: { 顔が検出された: 'no' } }).success).toBe(false);
  });

  it('takes an access-log page, a row of no patient included', () => {
    const row = {
      id: 1,
      at: '2026-11-20T01:00:00.000Z',
      userId: 'u-1',
      username: 'staff1',
      displayName: '佐藤 花子',
      deliveredBy: null,
      madeAt: null,
      action: 'customers.read',
      entity: 'customers',
      entityId: 'c-1',
      customer: null,
      recordCount: 1,
      clientId: null,
      deviceName: '施術室1',
      ip: null,
      userAgent: null,
    };
    expect(auditLogPageSchema.parse({ rows: [row], total: 1, actions: ['customers.read'] }).rows).toEqual([row]);
    // A server from before display names and made-at times: both read as none.
    const { displayName: _name, madeAt: _made, ...older } = row;
    expect(auditLogPageSchema.parse({ rows: [older], total: 1, actions: [] }).rows).toEqual([
      { ...row, displayName: null },
    ]);
    expect(auditLogPageSchema.safeParse({ rows: [{ ...row, id: '1' }], total: 1, actions: [] }).success).toBe(false);
    // A change a shared tablet sent for its author names who sent it and in which session.
    const delivered = { ...row, deliveredBy: { id: 'u-2', username: 'admin', displayName: null, sessionId: 's-2' } };
    expect(auditLogPageSchema.parse({ rows: [delivered], total: 1, actions: [] }).rows).toEqual([delivered]);
  });
});
