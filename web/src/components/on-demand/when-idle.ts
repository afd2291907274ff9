/** How long after the page's load event the first screen is taken to be shown (its rows read from the device). */
const AFTER_LOAD_MS = 2_000;

/**
 * Runs `task` once the first screen is shown and the browser is idle: for code that screen does not need
 * (dialogs, drawers), so it neither delays the first rows nor competes with them on a slow tablet. A
 * tap that needs the code sooner loads it then (see onDemand).
 */
export function whenIdle(task: () => void): void {
  const idle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: 2_000 });
    else task();
  };
  const run = () => setTimeout(idle, AFTER_LOAD_MS);
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}
