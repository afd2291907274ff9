import { useCallback, useState } from 'react';
import { useLogout } from '../../api/use-logout';
import { countPendingChanges, startSync, stopSyncAndWait, syncEngine } from '../../sync';

/** Shown while unsynced changes hold the logout back. */
export type LogoutGuard = { count: number; syncing: boolean; failed: boolean };

/**
 * Logout that protects both sides of a shared tablet. The device's data stays, sealed: signing out drops
 * the data key (lock/lock-store), so the next person who signed in here before finds the patients
 * without a download (issue 25; an administrator wipes from the lock). With changes pending it asks:
 * sync them first, or leave them on the device, where whoever signs in online next sends them, each
 * under its author's name.
 */
export function useGuardedLogout() {
  const logout = useLogout();
  const [guard, setGuard] = useState<LogoutGuard | null>(null);

  /** Logs out if nothing is pending; returns the pending count otherwise. */
  const leaveIfClean = useCallback(async (): Promise<number> => {
    // Counted with syncing paused, so nothing lands between the count and the logout.
    await stopSyncAndWait();
    const pending = await countPendingChanges().catch(() => null);
    if (pending !== null && pending > 0) {
      startSync();
      return pending;
    }
    setGuard(null);
    await logout();
    return 0;
  }, [logout]);

  const requestLogout = useCallback(async () => {
    const pending = await leaveIfClean();
    if (pending > 0) setGuard({ count: pending, syncing: false, failed: false });
  }, [leaveIfClean]);

  const syncThenLogout = useCallback(async () => {
    setGuard((g) => g && { ...g, syncing: true, failed: false });
    await syncEngine.sync();
    const pending = await leaveIfClean();
    if (pending > 0) setGuard({ count: pending, syncing: false, failed: true });
  }, [leaveIfClean]);

  /**
   * Ends the session and keeps everything: no wipe. The outbox stays, and the next online sign-in here,
   * by anyone, sends it (each change keeps its author, see data/mutate-as-user.ts).
   */
  const keepThenLogout = useCallback(async () => {
    await stopSyncAndWait();
    setGuard(null);
    await logout();
  }, [logout]);

  const cancel = useCallback(() => setGuard(null), []);

  return { requestLogout, guard, syncThenLogout, keepThenLogout, cancel };
}
