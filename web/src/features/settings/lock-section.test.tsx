import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../auth/session-store';
import { DEFAULT_SETTINGS } from '@clinic/sync-protocol/settings';
import { loadAppSettings, saveAppSettings } from '../../data/app-settings';
import { adminUser, loginResponse } from '../../test-utils/fixtures';
import { useFreshDevice } from '../../test-utils/fresh-device';
import { withAntd } from '../../test-utils/render';
import SettingsPage from './settings-page';

const SLOW = { timeout: 4_000 };
const LABEL = '操作がないときにロックするまでの時間（分）';
const RANGE = '自動ロックまでの時間は1〜30分の整数で入力してください';
const DAYS_LABEL = 'オフラインでサインインできる期間（日）';
const DAYS_RANGE = 'オフラインでサインインできる期間は1〜90日の整数で入力してください';
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

  it('lets an administrator set the days of offline sign-in, 1–90', async () => {
    sessionStore.start(loginResponse({ user: adminUser }));
    render(withAntd(<SettingsPage />));
    const days = await screen.findByRole('textbox', { name: DAYS_LABEL }, SLOW);
    for (const bad of ['0', '91', 'abc']) {
      fireEvent.change(days, { target: { value: bad } });
      expect(await screen.findByText(DAYS_RANGE)).toBeTruthy();
    }
    fireEvent.change(days, { target: { value: '１４' } });
    await vi.waitFor(() => expect(screen.queryByText(DAYS_RANGE)).toBeNull());
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      fireEvent.click(saveButton());
      await act(() => vi.advanceTimersByTimeAsync(500));
      await vi.waitFor(async () => expect((await loadAppSettings()).offlineSignInDays).toBe(14), SLOW);
    } finally {
      vi.useRealTimers();
    }
  }, 20_000);

  it("shows a desk's longer default (15 minutes for a device named 受付) and keeps a figure once an administrator sets it", async () => {
    await saveAppSettings({ ...DEFAULT_SETTINGS, deviceName: '受付' });
    sessionStore.start(loginResponse({ user: adminUser }));
    render(withAntd(<SettingsPage />));
    const minutes = await screen.findByRole('textbox', { name: LABEL }, SLOW);
    await vi.waitFor(() => expect((minutes as HTMLInputElement).value).toBe('15'), SLOW);
    expect(screen.getByText(/受付の端末として15分/)).toBeTruthy();
    fireEvent.change(minutes, { target: { value: '5' } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      fireEvent.click(saveButton());
      await act(() => vi.advanceTimersByTimeAsync(500));
      await vi.waitFor(
        async () => expect(await loadAppSettings()).toMatchObject({ idleLockMinutes: 5, idleLockChosen: true }),
        SLOW,
      );
    } finally {
      vi.useRealTimers();
    }
  }, 20_000);

  it('shows staff the minutes without letting them change it', async () => {
    render(withAntd(<SettingsPage />));
    const minutes = await screen.findByRole('textbox', { name: LABEL }, SLOW);
    expect((minutes as HTMLInputElement).disabled).toBe(true);
    const days = screen.getByRole('textbox', { name: DAYS_LABEL });
    expect((days as HTMLInputElement).value).toBe('30');
    expect((days as HTMLInputElement).disabled).toBe(true);
    expect(screen.getAllByText(/管理者だけが変更できます/)).toHaveLength(2);
  });
});
