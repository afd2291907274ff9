import { OPERATION_LOG_LIMITS } from '@clinic/sync-protocol/admin/limits';
import { useEffect } from 'react';

let scheduled = false;

/**
 * Spec 9: a start-up event 500 ms after the app renders, once per start (StrictMode's second mount and
 * a new person's app below the lock do not count). The log's code loads only then, off the first screen.
 */
export function useStartEvent(): void {
  useEffect(() => {
    if (scheduled) return;
    scheduled = true;
    const renderedAt = Date.now();
    setTimeout(() => {
      void import('../telemetry/start-event').then((m) => m.recordAppStart(renderedAt)).catch(() => undefined);
    }, OPERATION_LOG_LIMITS.startEventDelayMs);
  }, []);
}
