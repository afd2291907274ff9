import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../test-utils/render';
import { renderStartFailure, StartupBoundary } from './start-failure';

function Broken(): never {
  throw new Error('cannot start');
}

describe('start failure page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('replaces an app that throws while rendering', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <StartupBoundary>
        <Broken />
      </StartupBoundary>,
    );
    expect(screen.getByText('アプリケーションの起動に失敗しました。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '再読み込み' })).toBeTruthy();
  });

  it('can be drawn without React', () => {
    const container = document.createElement('div');
    renderStartFailure(container);
    expect(container.textContent).toContain('アプリケーションの起動に失敗しました。');
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const button = container.querySelector('button');
    expect(button?.textContent).toBe('再読み込み');
    if (button) fireEvent.click(button);
    expect(reload).toHaveBeenCalledOnce();
  });
});
