import { apiFetch } from '../api/client';
import { deviceCredentialHeaders } from '../api/device-identity';
import { ApiError } from '../api/errors';
import { ignoreAnswer, jsonRequest } from '../api/http';
import type { LogDb } from './log-db';
import { buildReport, clearSentErrors } from './device-log-store';

export type UploadOutcome = { ok: true; sessionId: string } | { ok: false; status: number | null };

/**
 * Sends the device error log now (spec 7 POST /api/android-logs/upload, or /error when an error
 * triggered it), without an auth header as the spec says: a device must be able to report even when
 * its login is what broke. On success the errors it carried are cleared; on any failure everything
 * stays for the next attempt.
 */
export async function sendDeviceLog(
  db: LogDb,
  trigger: 'interval' | 'error' | 'manual' | 'online' | 'test',
): Promise<UploadOutcome> {
  const route = trigger === 'error' ? 'error' : 'upload';
  try {
    // Inside the try: a locked device (no data key) cannot open its sealed log, and reports later.
    const { body, lastErrorId } = await buildReport(db, trigger);
    // No token (spec 6), the API's 30 s timeout (spec 7), and kept out of the API timings it reports.
    // The device's credential, when a sync has read it, counts the log as the clinic's own (no login needed).
    const request = jsonRequest(body);
    const headers = { ...request.headers, ...deviceCredentialHeaders() };
    await apiFetch(
      `/android-logs/${route}`,
      { method: 'POST', auth: false, unobserved: true, ...request, headers },
      ignoreAnswer,
    );
    await clearSentErrors(db, lastErrorId);
    return { ok: true, sessionId: body.sessionId };
  } catch (error) {
    return { ok: false, status: error instanceof ApiError ? error.status : null };
  }
}
