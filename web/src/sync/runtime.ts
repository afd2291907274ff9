import { type MutationArgsInput, type MutationName, SYNCED_TABLES } from '@clinic/sync-protocol';
import { sessionStore } from '../auth/session-store';
import { ClinicDb, DB_NAME } from '../db/clinic-db';
import { LOCAL_TABLES, notifyChanged } from '../db/changes';
import { claimDevice, type DeviceClaim, type DeviceUser } from './device-owner';
import { SyncEngine } from './engine';
import { httpTransport } from './http-transport';
import { type Change, mutate, mutateAll } from './mutate';
import { askWorkerToReplay, onWorkerReplayed, queuePushInWorker } from './sw-bridge';

/** The device's one local database. */
export const localDb = new ClinicDb(DB_NAME);

const currentUserName = () => sessionStore.get()?.user.username ?? null;

export const syncEngine = new SyncEngine({
  db: localDb,
  transport: httpTransport,
  userName: currentUserName,
  isOnline: () => navigator.onLine,
  onPushNetworkFailure: queuePushInWorker,
});

let stopRuntime: (() => void) | null = null;
// Bumped by every stop, so a start decided before a stop (say, after checking the device) cannot
// happen after it, while a logout is wiping the device.
let stopCount = 0;

/** Starts syncing for the logged-in user; called by the shell once a session exists. */
export function startSync(): void {
  if (stopRuntime) return;
  syncEngine.start();
  const onOnline = () => askWorkerToReplay();
  window.addEventListener('online', onOnline);
  const stopReplayWatch = onWorkerReplayed(() => void syncEngine.sync());
  stopRuntime = () => {
    syncEngine.stop();
    window.removeEventListener('online', onOnline);
    stopReplayWatch();
    stopRuntime = null;
  };
}

export function stopSync(): void {
  stopCount += 1;
  stopRuntime?.();
}

/** A local change by the logged-in user (see mutate). */
export function mutateAsCurrentUser<N extends MutationName>(name: N, args: MutationArgsInput<N>) {
  return mutate(localDb, name, args, { userName: currentUserName() });
}

/** Several local changes by the logged-in user, kept together or not at all (see mutateAll). */
export function mutateAllAsCurrentUser(changes: readonly Change[]) {
  return mutateAll(localDb, changes, { userName: currentUserName() });
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
  await localDb.open();
  for (const table of [...SYNCED_TABLES, ...LOCAL_TABLES]) notifyChanged({ table, ids: 'all' });
  await syncEngine.refreshCounts();
}

/** Starts syncing for this user unless the device holds another user's unsynced changes (see claimDevice). */
export async function startSyncFor(user: DeviceUser): Promise<DeviceClaim> {
  const stopsBefore = stopCount;
  // Called before any sync of this session runs, so the device can be cleared without stopping one.
  const claim = await claimDevice(localDb, user, clearDevice);
  if (claim.kind === 'ours' && stopCount === stopsBefore) startSync();
  return claim;
}

/** Throws away another user's unsynced changes (after the person confirmed it), then starts as this user. */
export async function discardOthersChanges(user: DeviceUser): Promise<void> {
  await wipeLocalData();
  await startSyncFor(user);
}
