import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../auth/session-store';
import { noteScreenData } from '../../data/first-screen';
import { stopSyncAndWait, wipeLocalData } from '../../sync';
import { jsonResponse, loginResponse, ok, requestUrl, staffUser } from '../../test-utils/fixtures';
import { useSyncRuntime } from './use-sync-runtime';
import { pullOf } from '../../test-utils/sync-fixtures';

const syncCalls = () => vi.mocked(fetch).mock.calls.filter(([url]) => requestUrl(url).startsWith('/api/sync/'));

describe('syncing while someone is logged in', () => {
  beforeEach(async () => {
    await stopSyncAndWait();
    await wipeLocalData();
    sessionStore.start(loginResponse());
    const pull = pullOf({ cookie: 1, lastMutationId: 0 });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse(200, ok(pull)))),
    );
  });
  afterEach(async () => {
    await stopSyncAndWait();
    sessionStore.end('logout');
    vi.unstubAllGlobals();
  });

  it('starts even when React runs the effect twice (StrictMode, as in development)', async () => {
    renderHook(() => useSyncRuntime(staffUser), { reactStrictMode: true });
    noteScreenData(); // it waits for the first screen's rows
    await waitFor(() => expect(syncCalls().length).toBeGreaterThan(0));
  });

  it('does not start for a session that ended while the device was being checked', async () => {
    const initialProps: { user: typeof staffUser | null } = { user: staffUser };
    const { rerender } = renderHook(({ user }) => useSyncRuntime(user), { initialProps });
    rerender({ user: null }); // before the device check has answered
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(syncCalls()).toEqual([]);
  });
});
