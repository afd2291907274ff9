import { mirrorSessionTokens } from '../auth/token-mirror';
import { whenLoaded } from '../components/on-demand';
import { bufferEarlyErrors } from '../sync/device-log/early-errors';

let started = false;

/** Page-wide background work, started once before the first render (main.tsx). */
export function startAppRuntime(): void {
  if (started) return;
  started = true;
  // The service worker replays queued pushes with these tokens; keep its copy current for the page's life.
  mirrorSessionTokens();
  // The device error log and the operation-log queue load after the first screen; errors before then wait here.
  bufferEarlyErrors();
  whenLoaded(() => void import('./log-runtime').then((m) => m.startLogRuntime()).catch(() => undefined));
}
