import type { DeviceError } from '@clinic/sync-protocol/admin';
import { DEVICE_LOG_LIMITS } from '@clinic/sync-protocol/admin/limits';
import { observeApiCalls, type ApiCallRecord } from '../api/http';
import type { LogDb } from './log-db';
import { recordAction, recordApiTiming, recordError } from './device-log-store';
import { sendDeviceLog } from './device-log-upload';
import { takeEarlyErrors, toDeviceError } from './early-errors';

/** Errors close together go in one report; at most one error report per this many ms. */
const ERROR_REPORT_GAP_MS = 10_000;
/** Waits this long after an error before reporting it, so a burst goes as one. */
const ERROR_REPORT_DELAY_MS = 1_500;

type Options = { db: LogDb; intervalMs?: number };

/**
 * The device error log of spec 3/4: window errors, unhandled rejections and failed API calls, what was
 * tapped, how long API calls took. Uploaded every 5 minutes when there is something new, at once after an
 * error, and when the network returns with errors unsent. Returns the way to stop it.
 *
 * On every device, not only those whose user agent says phone or tablet (the spec's Android and mobile
 * browsers): a tablet's Chrome asks for desktop sites by default and then says "X11; Linux x86_64" like a
 * desktop, and an iPad says "Macintosh"; telling them apart by the user agent left a morning of a
 * treatment room's errors unrecorded and the 端末エラーログ empty. The reception desk's errors are as worth
 * keeping; the device's type is recorded with each report (device-facts.ts).
 */
export function startDeviceLogCollector({ db, intervalMs = DEVICE_LOG_LIMITS.uploadIntervalMs }: Options): () => void {
  let somethingNew = false;
  let errorTimer: ReturnType<typeof setTimeout> | undefined;
  let lastErrorReport = 0;

  const upload = (trigger: 'interval' | 'error' | 'online') =>
    void sendDeviceLog(db, trigger).then((outcome) => {
      if (outcome.ok) somethingNew = false;
    });
  const reportSoon = () => {
    if (errorTimer) return;
    const wait = Math.max(ERROR_REPORT_DELAY_MS, lastErrorReport + ERROR_REPORT_GAP_MS - Date.now());
    errorTimer = setTimeout(() => {
      errorTimer = undefined;
      lastErrorReport = Date.now();
      if (navigator.onLine) upload('error');
    }, wait);
  };
  const keepError = (error: DeviceError) => {
    somethingNew = true;
    void recordError(db, error).then(reportSoon, () => undefined);
  };

  const onError = (event: Event) => {
    const error = toDeviceError(event);
    if (error) keepError(error);
  };
  const onApiCall = (call: ApiCallRecord) => {
    void recordApiTiming(db, {
      url: call.path,
      method: call.method,
      status: call.status,
      duration: call.duration,
      timestamp: new Date().toISOString(),
    }).catch(() => undefined);
    // A 4xx is a person's input or an expired login, and offline is normal here: neither is the device's fault.
    const broken = call.status >= 500 || (call.status === 0 && navigator.onLine);
    if (broken) {
      keepError({
        type: 'api_error',
        severity: call.status >= 500 ? 'high' : 'medium',
        message: `${call.method} ${call.path}: ${call.message ?? call.status}`,
        stack: '',
        timestamp: new Date().toISOString(),
        url: location.pathname,
      });
    }
  };
  const onClick = (event: MouseEvent) => {
    somethingNew = true;
    void recordAction(db, {
      type: 'click',
      target: describeTarget(event.target),
      timestamp: new Date().toISOString(),
    }).catch(() => undefined);
  };
  const onOnline = () =>
    void db.deviceErrors.count().then(
      (n) => n > 0 && upload('online'),
      () => undefined,
    );

  for (const error of takeEarlyErrors()) keepError(error);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onError);
  window.addEventListener('online', onOnline);
  document.addEventListener('click', onClick, { capture: true });
  const stopObserving = observeApiCalls(onApiCall);
  const interval = setInterval(() => {
    if (somethingNew && navigator.onLine) upload('interval');
  }, intervalMs);
  onOnline(); // errors left from an earlier visit

  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onError);
    window.removeEventListener('online', onOnline);
    document.removeEventListener('click', onClick, { capture: true });
    stopObserving();
    clearInterval(interval);
    clearTimeout(errorTimer);
  };
}

/**
 * What was tapped, without what a person typed or a patient's name: a link by its path, a button, tab
 * or menu entry by its visible words (screen words such as 保存; aria-labels are skipped, they may
 * name a patient), anything else only by its kind.
 */
export function describeTarget(target: EventTarget | null): string {
  if (!(target instanceof Element)) return 'unknown';
  const link = target.closest('a[href]');
  if (link) return `link:${new URL(link.getAttribute('href')!, location.href).pathname}`;
  const control = target.closest(
    'button, [role="button"], [role="tab"], [role="menuitem"], [role="switch"], [role="checkbox"]',
  );
  if (!control) return target.tagName.toLowerCase();
  const kind = control.getAttribute('role') ?? control.tagName.toLowerCase();
  const words = (control.textContent ?? '').replace(/\s+/g, ' ').trim();
  return words && words.length <= 20 ? `${kind}:${words}` : kind;
}
