import { hasDataKey, onDataKeyChange } from '../vault/data-key';
import { APP_VERSION, deviceInfo, pageTimings } from './device-facts';
import { logOperation } from './operation-log';

let recorded = false;

/** Whether the app runs installed (from the home screen) or in a browser tab. */
const displayMode = (): 'standalone' | 'browser' =>
  typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches ? 'standalone' : 'browser';

/**
 * Spec 9's start-up event, once per start of the app (a page load): when it started, when it first
 * rendered, and the device's facts, as an operation-log entry. The queue is sealed with the device's
 * key, so while the app is still locked after a reload the entry waits for the key rather than being
 * lost; it is recorded the moment someone unlocks.
 */
export function recordAppStart(renderedAt: number): void {
  if (recorded) return;
  recorded = true;
  const data = {
    startedAt: new Date(performance.timeOrigin).toISOString(),
    renderedAt: new Date(renderedAt).toISOString(),
    appVersion: APP_VERSION,
    displayMode: displayMode(),
    device: deviceInfo(),
    ...pageTimings(),
  };
  const record = () => logOperation('app_start', { data });
  if (hasDataKey()) return record();
  const stop = onDataKeyChange(() => {
    if (!hasDataKey()) return;
    stop();
    record();
  });
}

/** Tests: a new start. */
export function forgetAppStart(): void {
  recorded = false;
}
