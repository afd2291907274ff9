import { useCallback, useEffect, useState } from 'react';
import { requestPersistentStorage } from '../../data/persistent-storage';
import { type DeviceClaim, discardOthersChanges, startSync, startSyncFor, stopSync } from '../../sync';

type User = { id: string; username: string };
export type HeldDevice = Extract<DeviceClaim, { kind: 'held' }>;

/**
 * Syncs while someone is logged in; stops when the session ends (logout, expiry, 401). The first
 * logged-in page after a login also asks the browser to keep the device's data. `held` says the device
 * still carries another user's unsynced changes, so nothing syncs until they are dealt with.
 */
export function useSyncRuntime(user: User | null) {
  const [held, setHeld] = useState<HeldDevice | null>(null);
  const id = user?.id;
  const username = user?.username;

  useEffect(() => {
    if (!id || !username) return;
    requestPersistentStorage();
    let active = true;
    // A session that ended while the device was being checked does not start: the cleanup's stopSync
    // tells startSyncFor so. Stopping again here would stop the next session's start instead (React's
    // StrictMode runs this effect twice, so in development sync never started).
    startSyncFor({ id, username }).then(
      (claim) => active && setHeld(claim.kind === 'held' ? claim : null),
      // The device's database could not be read: syncing is the best left to try.
      () => active && startSync(),
    );
    return () => {
      active = false;
      stopSync();
    };
  }, [id, username]);

  const discard = useCallback(async () => {
    if (!id || !username) return;
    await discardOthersChanges({ id, username });
    setHeld(null);
  }, [id, username]);

  return { held, discard };
}
