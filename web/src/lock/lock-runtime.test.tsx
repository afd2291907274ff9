import { DEFAULT_SETTINGS } from '@clinic/sync-protocol/settings';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveAppSettings } from '../data/app-settings';
import { useFreshDevice } from '../test-utils/fresh-device';
import { LockRuntime } from './lock-runtime';
import type { LockStore } from './lock-store';

const MINUTE = 60_000;

/** The lock store as LockRuntime uses it: when the last input was, and the idle lock. */
function idleStore() {
  const lockIdle = vi.fn();
  const store = { lastInput: () => Date.now(), lockIdle } as unknown as LockStore; // the two members it reads
  return { store, lockIdle };
}

describe('the idle lock per device', () => {
  useFreshDevice();
  afterEach(() => vi.useRealTimers());

  for (const [name, minutes] of [
    ['受付', 15],
    ['施術室1', 5],
  ] as const) {
    it(`locks the device named ${name} after ${minutes} minutes without input, not before`, async () => {
      await saveAppSettings({ ...DEFAULT_SETTINGS, deviceName: name });
      const { store, lockIdle } = idleStore();
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
      render(<LockRuntime store={store} />);
      // The settings are read from the device's database before the watch starts.
      await vi.advanceTimersByTimeAsync(200);
      await vi.advanceTimersByTimeAsync(minutes * MINUTE - 5_000);
      expect(lockIdle).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(lockIdle).toHaveBeenCalledTimes(1);
    });
  }
});
