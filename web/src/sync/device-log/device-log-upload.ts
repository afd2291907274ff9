import { API_BASE } from '../../api/http';
import type { LogDb } from '../../db/log-db';
import { buildReport, clearSentErrors } from './device-log-store';

export type UploadOutcome = { ok: true; sessionId: string } | { ok: false; status: number | null };

/** How long one upload may take before it counts as failed (spec 7's 30 s). */
const UPLOAD_TIMEOUT_MS = 30_000;

/**
 * Sends the device error log now (spec 7 POST /api/android-logs/upload, or /error when an error
 * triggered it), without an auth header as the spec says: a device must be able to report even when
 * its login is what broke. On success the errors it carried are cleared; on any failure everything
 * stays for the next attempt.
 */
export async function sendDeviceLog(db: LogDb, trigger: 'interval' | 'error' | 'manual' | 'online' | 'test'): Promise<UploadOutcome> {
  const { body, lastErrorId } = await buildReport(db, trigger);
  const route = trigger === 'error' ? 'error' : 'upload';
  try {
    const res = await fetch(`${API_BASE}/android-logs/${route}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
    if (!res.ok) return { ok: false, status: res.status };
    await clearSentErrors(db, lastErrorId);
    return { ok: true, sessionId: body.sessionId };
  } catch {
    return { ok: false, status: null };
  }
}
