import { stopSync, syncEngine } from './runtime';

/**
 * Stops scheduling syncs and resolves once a round already under way has finished, so a pull that
 * was in flight cannot write patient data back after the device is wiped.
 */
export function stopSyncAndWait(): Promise<void> {
  stopSync();
  return new Promise((resolve) => {
    const check = () => {
      if (syncEngine.status.get().syncing) return;
      unsubscribe();
      // The round ends with a count refresh after `syncing` turns false; let it finish too.
      setTimeout(resolve, 0);
    };
    const unsubscribe = syncEngine.status.subscribe(check);
    check();
  });
}
