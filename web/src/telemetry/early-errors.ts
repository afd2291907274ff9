import type { DeviceError } from '@clinic/sync-protocol/admin';

/** Errors before the collector's code has loaded (it loads after the first screen, see start-runtime). */
const early: DeviceError[] = [];
let listening = false;

/** Turns a window error or an unhandled rejection into a device error (spec 3: type, severity, message, stack, timestamp). */
export function toDeviceError(event: Event): DeviceError | null {
  const at = new Date().toISOString();
  const url = location.pathname;
  if (event instanceof ErrorEvent) {
    if (!event.message && !event.error) return null; // a resource that failed to load, not a script error
    const error = event.error instanceof Error ? event.error : null;
    return {
      type: 'window_error',
      severity: 'high',
      message: error?.message || event.message,
      stack: error?.stack ?? `${event.filename}:${event.lineno}:${event.colno}`,
      timestamp: at,
      url,
    };
  }
  if (event.type === 'unhandledrejection') {
    const reason: unknown = (event as PromiseRejectionEvent).reason;
    const error = reason instanceof Error ? reason : null;
    return {
      type: 'unhandled_rejection',
      severity: 'medium',
      message: error?.message ?? String(reason),
      stack: error?.stack ?? '',
      timestamp: at,
      url,
    };
  }
  return null;
}

const keep = (event: Event) => {
  const error = toDeviceError(event);
  if (error && early.length < 20) early.push(error);
};

/** Starts listening at once (main.tsx); cheap, and needs none of the collector's code. */
export function bufferEarlyErrors(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('error', keep);
  window.addEventListener('unhandledrejection', keep);
}

/** The collector takes over: what was kept so far, and no more buffering. */
export function takeEarlyErrors(): DeviceError[] {
  window.removeEventListener('error', keep);
  window.removeEventListener('unhandledrejection', keep);
  listening = false;
  return early.splice(0);
}
