/** How long after the page's load event the first screen is taken to be shown (its rows read from the device). */
const AFTER_LOAD_MS = 2_000;

function idle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: 1_000 });
  else setTimeout(task, 0);
}

/** Runs `task` after the page's load event, waiting `delayMs` more and then for the browser to be idle. */
function afterLoad(task: () => void, delayMs: number): void {
  const run = () => (delayMs > 0 ? setTimeout(() => idle(task), delayMs) : idle(task));
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}

/**
 * Runs `task` once the first screen is shown and the browser is idle: for code that screen does not need
 * (dialogs, drawers), so it neither delays the first rows nor competes with them on a slow tablet. A
 * tap that needs the code sooner loads it then (see onDemand).
 */
export function whenIdle(task: () => void): void {
  afterLoad(task, AFTER_LOAD_MS);
}

/**
 * Runs `task` as soon as the page has loaded and the browser has a moment: for work the first screen
 * does not wait for but the person soon will (the dashboard's server check).
 */
export function whenLoaded(task: () => void): void {
  afterLoad(task, 0);
}
