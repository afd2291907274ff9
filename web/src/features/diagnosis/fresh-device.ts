import { afterEach, beforeEach, vi } from 'vitest';
import { sessionStore } from '../../auth/session-store';
import { customerCache, stopSyncAndWait, wipeLocalData } from '../../sync';
import { loginResponse } from '../../test-utils/fixtures';

/**
 * A fresh device, a logged-in staff member and no network for every test of the file. Call at the top
 * level of a test file (or a describe).
 */
export function useFreshDevice(): void {
  beforeEach(async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await stopSyncAndWait();
    await wipeLocalData();
    await customerCache.settled();
    sessionStore.start(loginResponse());
  });
  afterEach(async () => {
    sessionStore.end('logout');
    await stopSyncAndWait(); // no retry of a failed sync may reach the real network later
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
