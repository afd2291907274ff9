import { INPUT_EVENTS } from './input-events';

type Options = {
  ms: number;
  onIdle: () => void;
  target?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  now?: () => number;
  /** The last input before this watch began (the page noted it from its start: lock-store). */
  since?: number;
};

/**
 * Calls `onIdle` once after `ms` without input. Input only notes the time (no timer churn per touch);
 * the timer then sleeps for what is left. A tablet that slept with the app open is checked as it wakes.
 */
export function watchIdle({ ms, onIdle, target = window, now = () => Date.now(), since }: Options): () => void {
  let last = since ?? now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  const check = () => {
    if (done) return;
    const idle = now() - last;
    if (idle >= ms) {
      done = true;
      stop();
      onIdle();
    } else {
      clearTimeout(timer);
      timer = setTimeout(check, ms - idle);
    }
  };
  const input = () => {
    last = now();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') check();
  };
  INPUT_EVENTS.forEach((type) => target.addEventListener(type, input, { capture: true, passive: true }));
  document.addEventListener('visibilitychange', onVisible);
  timer = setTimeout(check, Math.max(0, ms - (now() - last)));
  function stop() {
    clearTimeout(timer);
    INPUT_EVENTS.forEach((type) => target.removeEventListener(type, input, { capture: true }));
    document.removeEventListener('visibilitychange', onVisible);
  }
  return () => {
    done = true;
    stop();
  };
}
