/** What counts as someone using the tablet: a touch, a pointer press, a key, a scroll. */
const INPUT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'wheel'] as const;

type Options = {
  ms: number;
  onIdle: () => void;
  target?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  now?: () => number;
};

/**
 * Calls `onIdle` once after `ms` without input. Input only notes the time (no timer churn per touch);
 * the timer then sleeps for what is left. A tablet that slept with the app open is checked as it wakes.
 */
export function watchIdle({ ms, onIdle, target = window, now = () => Date.now() }: Options): () => void {
  let last = now();
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
  timer = setTimeout(check, ms);
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
