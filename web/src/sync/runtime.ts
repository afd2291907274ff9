import { afterFirstScreen } from '../data/first-screen';
import { localDb } from '../data/local-db';
import { syncStatus } from './page-status';
import { refreshCounts } from './sync-status';
import { COUNTED_TABLES } from './pending-count';
import { onTableChanges } from '../data/table-changes';

/*
 * The page's sync runtime. The engine loads on first use (engine-runtime.ts) rather than with the first
 * screen: a list paints from the device alone.
 */

type EngineModule = typeof import('./engine-runtime');
let engineModule: Promise<EngineModule> | null = null;

function loadEngine(): Promise<EngineModule> {
  engineModule ??= import('./engine-runtime').catch((error: unknown) => {
    engineModule = null; // the next use tries again
    throw error;
  });
  return engineModule;
}

/** The sync engine as the page uses it; the engine itself loads on the first sync. */
export const syncEngine = {
  /** What the top bar shows; there before the engine loads. */
  status: syncStatus,
  /** Push what is pending, then pull until caught up. Resolves when this round is done. */
  sync: async (): Promise<void> => (await loadEngine()).engine.sync(),
  /** Resolves once no round is under way; with the engine not loaded, none can be. */
  idle: async (): Promise<void> => {
    const loading = engineModule;
    if (!loading) return;
    await (await loading.catch(() => null))?.engine.idle();
  },
  /** Re-reads what waits and the last sync into `status`; never rejects. */
  refreshCounts: (): Promise<void> => refreshCounts(localDb, syncStatus),
};

// The count of what waits, read from the start and kept current whether or not the engine runs (it loads
// after the first screen, and stops with the session): the bar is right from its first paint (issue 37).
void refreshCounts(localDb, syncStatus);
onTableChanges(localDb, (changes) => {
  if (COUNTED_TABLES.some((table) => changes.has(table))) void refreshCounts(localDb, syncStatus);
});

let stopRuntime: (() => void) | null = null;
// Bumped by every stop, so a start decided before a stop (say, while the engine loads) cannot happen
// after it, while a logout is wiping the device.
let stopCount = 0;

/** Starts syncing for the logged-in user; called by the shell once a session exists. */
export function startSync(): void {
  if (stopRuntime) return;
  const stopsBefore = stopCount;
  // The first screen reads the device and needs neither the engine nor its answer checks (zod); the
  // outbox keeps every change meanwhile.
  afterFirstScreen(() => startEngine(stopsBefore));
}

function startEngine(stopsBefore: number): void {
  if (stopRuntime || stopCount !== stopsBefore) return;
  loadEngine().then(
    ({ runEngine }) => {
      if (stopRuntime || stopCount !== stopsBefore) return;
      const stopEngine = runEngine();
      stopRuntime = () => {
        stopEngine();
        stopRuntime = null;
      };
    },
    // Not loadable (the app's files are being replaced): the next start or sync tries again.
    () => undefined,
  );
}

export function stopSync(): void {
  stopCount += 1;
  stopRuntime?.();
}

/**
 * Stops scheduling syncs and waits for a round already under way, so a pull that was in flight
 * cannot write patient data back after the device is wiped.
 */
export async function stopSyncAndWait(): Promise<void> {
  stopSync();
  await syncEngine.idle();
}

/** Deletes every patient record from this device (logout on a shared tablet). */
export async function wipeLocalData(): Promise<void> {
  await stopSyncAndWait();
  await clearDevice();
}

/** The wipe itself; only while no sync runs. */
async function clearDevice(): Promise<void> {
  await localDb.delete();
  // Re-created, the database tells every reader that each of its tables changed (Dexie's storagemutated).
  await localDb.open();
  await syncEngine.refreshCounts();
}
