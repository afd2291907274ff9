/** The calls that tell the system's state (spec 4): customers, diagnoses and the health check. */
export const STATUS_CALLS = 3;

/**
 * Spec 4's dashboard status: OK when the three calls succeed, DEGRADED when one or two fail, OFFLINE
 * when all fail or the device is offline; `checking` until the first answers arrive.
 */
export type SystemStatus =
  { kind: 'checking' } | { kind: 'ok' } | { kind: 'degraded'; failed: number } | { kind: 'offline' };

export function statusOf(failed: number): SystemStatus {
  if (failed <= 0) return { kind: 'ok' };
  if (failed >= STATUS_CALLS) return { kind: 'offline' };
  return { kind: 'degraded', failed };
}
