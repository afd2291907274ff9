import { afterEach, beforeEach, vi } from 'vitest';
import { sessionStore } from '../auth/session-store';
import { loginResponse } from './fixtures';
import { customerCache } from '../data';
import { stopSyncAndWait, wipeLocalData } from '../sync';

/**
 * A fresh device, a logged-in staff member and no network for every test of the file (for screen tests).
 * Call at the top level of a test file (or a describe). `now`: the day the tests take as today (only
 * the clock's date is faked, so timers and the database still run).
 */
export function useFreshDevice({ now }: { now?: Date } = {}): void {
  beforeEach(async () => {
    if (now) {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(now);
    }
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await stopSyncAndWait();
    await wipeLocalData();
    await customerCache.settled();
    sessionStore.start(loginResponse());
  });
  afterEach(async () => {
    sessionStore.end('logout');
    await stopSyncAndWait(); // no retry of a failed sync may reach the real network later
    if (now) vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
