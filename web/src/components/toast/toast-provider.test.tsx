import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withAntd } from '../../test-utils/render';
import { useToast } from './toast-context';

function Buttons() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success('設定が正常に保存されました。')}>
        success
      </button>
      <button type="button" onClick={() => toast.error('保存に失敗しました')}>
        error
      </button>
    </>
  );
}

describe('toasts', () => {
  afterEach(() => vi.useRealTimers());

  it('show at the bottom, away from the header, the sync status and dialog titles; a success notice for 3 s', async () => {
    vi.useFakeTimers();
    render(withAntd(<Buttons />));
    fireEvent.click(screen.getByRole('button', { name: 'success' }));
    fireEvent.click(screen.getByRole('button', { name: 'error' }));
    const notice = await vi.waitFor(() => screen.getByText('設定が正常に保存されました。'));
    expect(notice.closest('.ant-notification-bottom')).not.toBeNull();
    expect(document.querySelector('.ant-message-notice, .ant-notification-top, .ant-notification-topRight')).toBeNull();
    // Said politely (a status); only errors interrupt.
    expect(notice.closest('[role=status]')).not.toBeNull();
    expect(screen.getByText('保存に失敗しました').closest('[role=alert]')).not.toBeNull();

    // Going: antd starts its fade-out when the time is up (the fade itself needs a real browser).
    const leaving = (text: string) =>
      screen.getByText(text).closest('.ant-notification-notice')!.className.includes('fade-leave');
    await act(() => vi.advanceTimersByTimeAsync(2_900));
    expect(leaving('設定が正常に保存されました。')).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(leaving('設定が正常に保存されました。')).toBe(true);
    expect(leaving('保存に失敗しました')).toBe(false);
  });
});
