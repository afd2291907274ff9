import { DEFAULT_SETTINGS } from '@clinic/sync-protocol/settings';
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { saveAppSettings } from '../data/app-settings';
import { useFreshDevice } from '../test-utils/fresh-device';
import { watchIdle } from './idle-timer';
import { LockRuntime } from './lock-runtime';
import type { LockStore } from './lock-store';

// The idle watch itself is idle-timer.test.ts's; here: which minutes this device's lock is given.
vi.mock('./idle-timer', () => ({ watchIdle: vi.fn(() => () => undefined) }));

const MINUTE = 60_000;
const store = { lastInput: () => Date.now(), lockIdle: vi.fn() } as unknown as LockStore; // the two members it reads

describe('the idle lock per device', () => {
  useFreshDevice();

  for (const [name, settings, minutes] of [
    ['the reception desk (受付), by default', { deviceName: '受付' }, 15],
    ['a treatment room (施術室1), by default', { deviceName: '施術室1' }, 5],
    ['the reception desk with 5 minutes chosen', { deviceName: '受付', idleLockMinutes: 5, idleLockChosen: true }, 5],
    [
      'a treatment room with 20 minutes chosen',
      { deviceName: '施術室1', idleLockMinutes: 20, idleLockChosen: true },
      20,
    ],
  ] as const) {
    it(`locks ${name} after ${minutes} minutes without input`, async () => {
      await saveAppSettings({ ...DEFAULT_SETTINGS, ...settings });
      vi.mocked(watchIdle).mockClear();
      render(<LockRuntime store={store} />);
      await vi.waitFor(() => expect(watchIdle).toHaveBeenCalled());
      expect(vi.mocked(watchIdle).mock.calls.at(-1)?.[0]).toMatchObject({ ms: minutes * MINUTE });
    });
  }
});
