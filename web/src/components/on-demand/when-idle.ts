import { afterFirstScreen } from '../../data/first-screen';

/** How long after the first screen has shown its data the code for what may come next starts loading. */
const AFTER_FIRST_SCREEN_MS = 1_000;

/**
 * Runs `task` once the first screen is shown and the browser is idle: for code that screen does not need
 * (dialogs, drawers), so it neither delays the first rows nor competes with them on a slow tablet. A
 * tap that needs the code sooner loads it then (see onDemand).
 */
export function whenIdle(task: () => void): void {
  afterFirstScreen(() => setTimeout(() => afterFirstScreen(task), AFTER_FIRST_SCREEN_MS));
}

/**
 * Runs `task` as soon as the first screen has shown its data and the browser has a moment: for work
 * the first screen does not wait for but the person soon will (the dashboard's server check).
 */
export function whenLoaded(task: () => void): void {
  afterFirstScreen(task);
}
