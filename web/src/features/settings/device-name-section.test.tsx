import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loadAppSettings } from '../../data/app-settings';
import { useFreshDevice } from '../../test-utils/fresh-device';
import { withAntd } from '../../test-utils/render';
import SettingsPage from './settings-page';

const SLOW = { timeout: 4_000 };
const saveButton = () => screen.getByRole('button', { name: /^(loading )?保存$/ });

describe('設定: この端末の名前', () => {
  useFreshDevice();

  it('keeps the name typed on this device, and says in Japanese when it is too long', async () => {
    render(withAntd(<SettingsPage />));
    const name = await screen.findByRole('textbox', { name: '端末の名前' }, SLOW);
    fireEvent.change(name, { target: { value: 'あ'.repeat(21) } });
    expect(await screen.findByText('端末の名前は20文字以内で入力してください')).toBeTruthy();

    fireEvent.change(name, { target: { value: '施術室1' } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      fireEvent.click(saveButton());
      await act(() => vi.advanceTimersByTimeAsync(500));
      await vi.waitFor(async () => expect((await loadAppSettings()).deviceName).toBe('施術室1'), SLOW);
    } finally {
      vi.useRealTimers();
    }
  });
});
