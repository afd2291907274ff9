import { mirrorSessionTokens } from '../auth/token-mirror';

let started = false;

/** Page-wide background work, started once before the first render (main.tsx). */
export function startAppRuntime(): void {
  if (started) return;
  started = true;
  // The service worker replays queued pushes with these tokens; keep its copy current for the page's life.
  mirrorSessionTokens();
}
