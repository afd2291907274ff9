import type { OperationLogBatch, OperationLogEntryInput } from '@clinic/sync-protocol/admin';
import { expect } from 'vitest';
import { type TestCtx, call, login } from '../test/harness';

type App = TestCtx['app'];

export const device = {
  type: 'mobile',
  os: 'Android',
  browser: 'Chrome',
  screenWidth: 412,
  screenHeight: 915,
  userAgent: 'Mozilla/5.0 (Linux; Android 14)',
  // The name given in 設定: kept with the entry, so the admin screen names the device.
  name: '受付',
};

/** The face analysis' answer as the screen gets it: `faces` faces found. */
export const analysisAnswer = (faces: number) => ({
  success: true,
  data: {
    analysisResult: {
      faces: Array.from({ length: faces }, () => ({ emotions: [{ type: 'HAPPY', confidence: 0.9 }] })),
    },
    processingTime: 800,
  },
});

export const logEntry = (fields: Partial<OperationLogEntryInput> = {}): OperationLogEntryInput => ({
  id: crypto.randomUUID(),
  operation: 'face_analysis_start',
  screen: '/face-analysis',
  timestamp: '2026-11-28T03:00:00.000Z',
  userEmail: 'staff1@clinic.local',
  ...fields,
});

export const logBatch = (
  logs: OperationLogEntryInput[],
  fields: Partial<OperationLogBatch> = {},
): OperationLogBatch => ({ logs, sessionId: 'session-1', device, ...fields });

/** POST /log without a token, as the device sends it; `body` objects as JSON, strings as they are. */
export function postLogs(app: App, body: unknown, contentType = 'application/json') {
  return call(app, 'POST', '/api/pwa-operations/log', { body, headers: { 'Content-Type': contentType } });
}

/** POST /log-with-photo without a token; fields as given, the photo (unless null) as `photo.jpg`. */
export async function postPhotoLog(app: App, photo: Uint8Array | null, fields: Record<string, string>) {
  const form = new FormData();
  if (photo) form.append('photo', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const res = await app.request('/api/pwa-operations/log-with-photo', { method: 'POST', body: form });
  return { status: res.status, body: (await res.json()) as Awaited<ReturnType<typeof call>>['body'], res };
}

/** An administrator's and a staff member's tokens. */
export async function tokens(ctx: TestCtx) {
  const admin = (await login(ctx.app, ctx.admin.username, ctx.admin.password)).accessToken;
  const staff = (await login(ctx.app, ctx.staff.username, ctx.staff.password)).accessToken;
  return { admin, staff };
}

export async function adminGet(app: App, token: string, path: string) {
  const res = await call(app, 'GET', `/api/pwa-operations${path}`, { token });
  expect(res.body.error).toBeNull();
  expect(res.status).toBe(200);
  return res.body.data;
}

export const storedRows = (ctx: TestCtx) =>
  ctx.db.selectFrom('operation_logs').selectAll().orderBy('client_timestamp').execute();
