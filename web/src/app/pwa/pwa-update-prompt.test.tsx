import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { syncEngine } from '../../sync';
import { withAntd } from '../../test-utils/render';
import { PwaUpdatePrompt } from './pwa-update-prompt';
import { connectServiceWorker } from './update-store';

afterEach(() => syncEngine.status.set({ updateRequired: false }));

describe('PWA update prompt', () => {
  it('shows a lasting notice when a new version waits and reloads into it on request', async () => {
    const updateSW = vi.fn(() => Promise.resolve());
    let hooks: { onNeedRefresh?: () => void } = {};
    render(withAntd(<PwaUpdatePrompt />));
    connectServiceWorker((options) => {
      hooks = options;
      return updateSW;
    });
    expect(screen.queryByText('新しいバージョンが利用可能です')).toBeNull();

    act(() => hooks.onNeedRefresh?.());
    expect(await screen.findByText('新しいバージョンが利用可能です')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(updateSW).toHaveBeenCalledWith(true);
  });

  it('says plainly that an update is needed when the server no longer syncs with this version, and looks for it at once', async () => {
    // Fresh modules: the first test left a waiting version in the page's update store.
    vi.resetModules();
    const { syncEngine } = await import('../../sync');
    const { PwaUpdatePrompt } = await import('./pwa-update-prompt');
    const { connectServiceWorker } = await import('./update-store');
    // The prompt's own copy of LightApp: fresh modules make a fresh context for its APIs too.
    const { LightApp } = await import('../../components/app-feedback');
    const registration = { update: vi.fn(() => Promise.resolve()) };
    connectServiceWorker((options) => {
      options.onRegisteredSW?.('/sw.js', registration as unknown as ServiceWorkerRegistration);
      return () => Promise.resolve();
    });
    render(
      <LightApp>
        <PwaUpdatePrompt />
      </LightApp>,
    );
    expect(screen.queryByText('アプリの更新が必要です')).toBeNull();

    act(() => syncEngine.status.set({ updateRequired: true }));
    expect(await screen.findByText('アプリの更新が必要です')).toBeTruthy();
    expect(screen.getByText(/未同期の変更はこの端末に保存されており、更新後に送信されます/)).toBeTruthy();
    expect(registration.update).toHaveBeenCalled();
    syncEngine.status.set({ updateRequired: false });
  });

  it('looks for the update through the page’s worker before its updater is connected, instead of reloading into the same version', async () => {
    vi.resetModules();
    const { syncEngine } = await import('../../sync');
    const { PwaUpdatePrompt } = await import('./pwa-update-prompt');
    const { LightApp } = await import('../../components/app-feedback');
    const registration = { update: vi.fn(() => Promise.resolve()) };
    const getRegistration = vi.fn(() => Promise.resolve(registration));
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration } });
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    try {
      render(
        <LightApp>
          <PwaUpdatePrompt />
        </LightApp>,
      );
      act(() => syncEngine.status.set({ updateRequired: true }));
      expect(await screen.findByText('アプリの更新が必要です')).toBeTruthy();
      await waitFor(() => expect(registration.update).toHaveBeenCalled());
      expect(getRegistration).toHaveBeenCalled();
      expect(reload).not.toHaveBeenCalled();
    } finally {
      syncEngine.status.set({ updateRequired: false });
      Reflect.deleteProperty(navigator, 'serviceWorker');
      vi.unstubAllGlobals();
    }
  });
});
