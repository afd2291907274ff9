import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { withAntd } from '../../test-utils/render';
import { PwaUpdatePrompt } from './pwa-update-prompt';
import { connectServiceWorker } from './update-store';

describe('PWA update prompt', () => {
  it('shows a lasting notice when a new version waits and reloads into it on request', async () => {
    const updateSW = vi.fn(async () => undefined);
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
});
