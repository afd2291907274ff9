import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../auth/session-store';
import { loadAppSettings } from '../../data/app-settings';
import { adminUser, loginResponse } from '../../test-utils/fixtures';
import { useFreshDevice } from '../../test-utils/fresh-device';
import { withAntd } from '../../test-utils/render';
import SettingsPage from './settings-page';

const SLOW = { timeout: 4_000 };
const LABEL = '操作がないときにロックするまでの時間（分）';
const RANGE = '自動ロックまでの時間は1〜30分の整数で入力してください';
const saveButton = () => screen.getByRole('button', { name: /^(loading )?保存$/ });

describe('設定: 自動ロック', () => {
  useFreshDevice();

  it('lets an administrator set 1–30 minutes, full-width digits too, and refuses anything else in Japanese', async () => {
    sessionStore.start(loginResponse({ user: adminUser }));
    render(withAntd(<SettingsPage />));
    const minutes = await screen.findByRole('textbox', { name: LABEL }, SLOW);
    expect((minutes as HTMLInputElement).value).toBe('5');
    for (const bad of ['0', '31', '2.5', 'abc']) {
      fireEvent.change(minutes, { target: { value: bad } });
      expect(await screen.findByText(RANGE)).toBeTruthy();
    }
    fireEvent.change(minutes, { target: { value: '１５' } });
    await vi.waitFor(() => expect(screen.queryByText(RANGE)).toBeNull());
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      fireEvent.click(saveButton());
      await act(() => vi.advanceTimersByTimeAsync(500));
      await vi.waitFor(async () => expect((await loadAppSettings()).idleLockMinutes).toBe(15), SLOW);
    } finally {
      vi.useRealTimers();
    }
  }, 20_000);

  it('shows staff the minutes without letting them change it', async () => {
    render(withAntd(<SettingsPage />));
    const minutes = await screen.findByRole('textbox', { name: LABEL }, SLOW);
    expect((minutes as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(/管理者だけが変更できます/)).toBeTruthy();
  });
});
