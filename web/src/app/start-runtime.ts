import { whenIdle } from '../components/on-demand';
import { lockStore } from '../lock/lock-runtime-store';
import { bufferEarlyErrors } from '../telemetry/early-errors';
import { sealLegacyRowsOnce } from './seal-legacy';

let started = false;

/** Page-wide background work, started once before the first render (main.tsx). */
export function startAppRuntime(): void {
  if (started) return;
  started = true;
  // The data key: from the service worker after a reload, else the lock asks for the password (issue 25).
  void lockStore.start();
  // Rows an older version stored in clear are sealed once the key is there (see seal-legacy.ts).
  sealLegacyRowsOnce({
    sealAll: () => import('./seal-legacy-run').then((m) => m.sealAllDatabases()),
  });
  // The device error log and the operation-log queue load once the first screen is shown and the
  // device is idle (they must not slow the first rows on a tablet); errors before then wait here.
  bufferEarlyErrors();
  whenIdle(() => void import('./log-runtime').then((m) => m.startLogRuntime()).catch(() => undefined));
}
