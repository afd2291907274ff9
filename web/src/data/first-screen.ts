import { useSyncExternalStore } from 'react';

/**
 * When the first screen has shown what it read from the device. Work that screen does not need (the
 * sync engine and its answer checks, the server check, dialogs to come) waits for it, so on a tablet
 * it does not compete with the first rows. The page's load event comes too early for this: the app's
 * files are in by then, but the screen still reads the device and renders.
 */

/** A screen that reads nothing from the device (or a read that fails) must not hold the work back for ever. */
const AT_MOST_AFTER_LOAD_MS = 3_000;

let shown = false;
const waiting: Array<() => void> = [];

function release(): void {
  if (shown) return;
  shown = true;
  for (const task of waiting.splice(0)) task();
}

function idle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: 1_000 });
  else setTimeout(task, 0);
}

if (typeof window !== 'undefined') {
  const cap = () => setTimeout(release, AT_MOST_AFTER_LOAD_MS);
  if (document.readyState === 'complete') cap();
  else window.addEventListener('load', cap, { once: true });
}

/**
 * Called when a screen's read from the device has been handed to React: once that render is painted
 * (the next frame, then a task), the waiting work may start.
 */
export function noteScreenData(): void {
  if (shown) return;
  if (typeof requestAnimationFrame !== 'function') return release();
  requestAnimationFrame(() => setTimeout(release, 0));
}

/** Runs `task` once the first screen has shown its data and the browser has a moment. */
export function afterFirstScreen(task: () => void): void {
  if (shown) idle(task);
  else waiting.push(() => idle(task));
}

/** Whether afterFirstScreen's work may start by now, for a screen whose query does less until then. */
let past = false;
const pastListeners = new Set<() => void>();
afterFirstScreen(() => {
  past = true;
  for (const listener of pastListeners) listener();
});

function subscribePast(listener: () => void): () => void {
  pastListeners.add(listener);
  return () => pastListeners.delete(listener);
}

/** False until the first screen has shown its data and the browser had a moment; then true for good. */
export function useAfterFirstScreen(): boolean {
  return useSyncExternalStore(
    subscribePast,
    () => past,
    () => past,
  );
}
