import { DEFAULT_SETTINGS } from '@clinic/sync-protocol/settings';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { localDb } from '../../data/local-db';
import { loadAppSettings } from '../../data/app-settings';
import { useFreshDevice } from '../../test-utils/fresh-device';
import { withAntd } from '../../test-utils/render';
import SettingsPage from './settings-page';

const SLOW = { timeout: 4_000 };

function stubCameras() {
  const stop = vi.fn();
  vi.stubGlobal(
    'navigator',
    Object.assign(Object.create(navigator), {
      mediaDevices: {
        enumerateDevices: vi.fn(() => Promise.resolve([{ kind: 'videoinput', deviceId: 'cam-1', label: '' }])),
        getUserMedia: vi.fn(() =>
          Promise.resolve({
            getVideoTracks: () => [{ getSettings: () => ({ width: 1280, height: 720, frameRate: 30 }) }],
            getTracks: () => [{ stop }],
          }),
        ),
      },
      storage: { estimate: vi.fn(() => Promise.resolve({ usage: 50 * 1024 * 1024, quota: 1024 * 1024 * 1024 })) },
    }),
  );
}

async function renderPage() {
  render(withAntd(<SettingsPage />));
  await screen.findByText('30秒の動画の場合の目安');
}

// antd's spinner leaves after its animation, which happy-dom never finishes: its name may linger.
const saveButton = () => screen.getByRole('button', { name: /^(loading )?保存$/ });

describe('設定', () => {
  useFreshDevice();
  beforeEach(stubCameras);

  it('marks a change as unsaved, saves it after a moment and says so for 3 s', async () => {
    await renderPage();
    expect(saveButton().hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('switch', { name: /デバッグモード/ }));
    expect(screen.getByText('変更が保存されていません。「保存」を押すと反映されます。')).toBeTruthy();
    expect(saveButton().hasAttribute('disabled')).toBe(false);
    // Fake timers that also move with the clock: the 0.5 s pause is skipped on purpose, and the notice's
    // 3 s timer fires whenever the save happens to set it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      fireEvent.click(saveButton());
      expect(screen.getByRole('button', { name: /保存中/ }).hasAttribute('disabled')).toBe(true);
      expect(await loadAppSettings()).toEqual(DEFAULT_SETTINGS);
      await act(() => vi.advanceTimersByTimeAsync(500));
      await screen.findByText('設定が正常に保存されました。', undefined, SLOW);
      expect((await loadAppSettings()).debugMode).toBe(true);
      expect(screen.queryByText('変更が保存されていません。「保存」を押すと反映されます。')).toBeNull();
      // Shown for 3 s; a loaded machine (the whole suite at once) may take a while longer to take it away.
      await waitFor(() => expect(screen.queryByText('設定が正常に保存されました。')).toBeNull(), { timeout: 8_000 });
    } finally {
      vi.useRealTimers();
    }
  }, 15_000);

  it('says so when saving fails, and keeps the change', async () => {
    await renderPage();
    fireEvent.click(screen.getByRole('switch', { name: /デバッグモード/ }));
    const put = vi.spyOn(localDb.settings, 'put').mockRejectedValue(new Error('full'));
    fireEvent.click(saveButton());
    await screen.findByText('設定の保存に失敗しました。', undefined, SLOW);
    expect(put).toHaveBeenCalled();
    expect(saveButton().hasAttribute('disabled')).toBe(false);
  });

  it('updates the prediction box with the sampling interval', async () => {
    await renderPage();
    const box = screen.getByRole('group', { name: '30秒の動画の場合の目安' });
    expect(within(box).getByText('30枚')).toBeTruthy();
    expect(within(box).getByText('約25秒')).toBeTruthy();
    expect(within(box).getByText(/約\$0\.030/)).toBeTruthy();
    fireEvent.mouseDown(screen.getByLabelText('分析する間隔（秒）'));
    fireEvent.click(await screen.findByTitle('0.5'));
    expect(within(box).getByText('60枚')).toBeTruthy();
    expect(within(box).getByText('約50秒')).toBeTruthy();
    expect(within(box).getByText('0円（この端末で分析します）')).toBeTruthy();
  });

  it('shows the defaults for a broken stored value, field by field', async () => {
    await localDb.settings.put({
      key: 'app',
      value: { debugMode: true, videoAnalysis: { maxFrames: 7, samplingInterval: 2 } },
    });
    await renderPage();
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: /デバッグモード/ }).getAttribute('aria-checked')).toBe('true'),
    );
    const box = screen.getByRole('group', { name: '30秒の動画の場合の目安' });
    expect(within(box).getByText('15枚')).toBeTruthy();
    expect(screen.getByRole('switch', { name: /自動で分析する/ }).getAttribute('aria-checked')).toBe('true');
  });

  it('goes back to the defaults after confirmation, unsaved until 保存', async () => {
    await localDb.settings.put({ key: 'app', value: { ...DEFAULT_SETTINGS, autoAnalysis: false } });
    await renderPage();
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: /自動で分析する/ }).getAttribute('aria-checked')).toBe('false'),
    );
    fireEvent.click(screen.getByRole('button', { name: '初期設定に戻す' }));
    const dialog = await screen.findByRole('dialog', undefined, SLOW);
    fireEvent.click(within(dialog).getByRole('button', { name: '初期設定に戻す' }));
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: /自動で分析する/ }).getAttribute('aria-checked')).toBe('true'),
    );
    expect(saveButton().hasAttribute('disabled')).toBe(false);
    expect((await loadAppSettings()).autoAnalysis).toBe(false);
  });

  it('probes the external camera: demo mode is offline, a camera that answers is online', async () => {
    await renderPage();
    fireEvent.click(screen.getByLabelText('外部カメラ（Raspberry Pi）'));
    const status = await screen.findByText('カメラ未接続');
    expect(status).toBeTruthy();
    vi.mocked(fetch).mockResolvedValue(new Response(null));
    fireEvent.change(screen.getByLabelText('外部カメラのアドレス'), { target: { value: 'http://192.168.1.50:8000' } });
    await screen.findByText('カメラ接続中', undefined, SLOW);
    vi.mocked(fetch).mockRejectedValue(new TypeError('Failed to fetch'));
    fireEvent.click(screen.getByRole('button', { name: '外部カメラの状態を再確認' }));
    await screen.findByText('カメラ未接続', undefined, SLOW);
  });

  it("reads the chosen camera's resolution and frame rate", async () => {
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'カメラ名を表示する' }));
    await screen.findByText('1280 × 720', undefined, SLOW);
    expect(screen.getByText('30 fps')).toBeTruthy();
  });
});
