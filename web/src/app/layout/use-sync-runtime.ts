import { useEffect } from 'react';
import { requestPersistentStorage } from '../../data/persistent-storage';
import { startSync, stopSync } from '../../sync';

type User = { id: string; username: string };

/**
 * Syncs while someone is logged in; stops when the session ends (logout, expiry, 401). The first
 * logged-in page after a login also asks the browser to keep the device's data. Whoever signs in
 * sends the device's unsent changes, other people's included: the outbox is one ordered sequence per
 * device, so holding one person's changes back would hold back every later change on the tablet. Each
 * change carries its author, and the server's access log names both who made it and who sent it.
 */
export function useSyncRuntime(user: User | null): void {
  const id = user?.id;

  useEffect(() => {
    if (!id) return;
    requestPersistentStorage();
    startSync();
    // A session that ends before the engine has loaded does not start it: stopSync tells startSync so.
    return stopSync;
  }, [id]);
}
