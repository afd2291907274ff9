/** The calls that tell the system's state (spec 4): customers, diagnoses and the health check. */
export const STATUS_CALLS = 3;

/**
 * Spec 4's dashboard status: OK when the three calls succeed, DEGRADED when one or two fail,
 * UNREACHABLE (spec's OFFLINE) when all fail although the device is online; `checking` until the first
 * answers arrive. `offline` is the device's own state: nothing is wrong, the screen shows what the
 * device holds and syncs when the connection returns, so it reads as calmly as the sync bar.
 */
export type SystemStatus =
  | { kind: 'checking' }
  | { kind: 'ok' }
  | { kind: 'degraded'; failed: number }
  | { kind: 'unreachable' }
  | { kind: 'offline' };

export function statusOf(failed: number): SystemStatus {
  if (failed <= 0) return { kind: 'ok' };
  if (failed >= STATUS_CALLS) return { kind: 'unreachable' };
  return { kind: 'degraded', failed };
}
