import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { withAntd } from '../test-utils/render';
import { PageErrorBoundary, preloadErrorFallback } from './error-boundary';

let failing = true;
let renders = 0;

function Flaky() {
  renders++;
  if (failing) throw new Error('broken page');
  return <p>page works</p>;
}

function Counter() {
  const [n, setN] = useState(0);
  if (n === 2) throw new Error('state went bad');
  return <button onClick={() => setN(n + 1)}>count {n}</button>;
}

describe('page error boundary', () => {
  // What it shows loads once the first screen is shown; here before the first test.
  beforeAll(async () => {
    await preloadErrorFallback();
  });
  beforeEach(() => {
    failing = true;
    renders = 0;
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React logs caught errors
  });
  afterEach(() => vi.restoreAllMocks());

  const setup = (children = <Flaky />) => {
    const reload = vi.fn();
    const onGoDashboard = vi.fn();
    render(
      withAntd(
        <PageErrorBoundary reload={reload} onGoDashboard={onGoDashboard}>
          {children}
        </PageErrorBoundary>,
      ),
    );
    return { reload, onGoDashboard };
  };
  const retry = () => fireEvent.click(screen.getByRole('button', { name: '再試行' }));

  it('offers retry, reset, reload and the dashboard', () => {
    const { reload, onGoDashboard } = setup();
    expect(screen.getByRole('heading', { name: 'エラーが発生しました' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '再読み込み' }));
    fireEvent.click(screen.getByRole('button', { name: 'ダッシュボードへ' }));
    expect(reload).toHaveBeenCalledOnce();
    expect(onGoDashboard).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'リセット' })).toBeTruthy();
  });

  it('re-renders the page on retry', () => {
    setup();
    failing = false;
    retry();
    expect(screen.getByText('page works')).toBeTruthy();
  });

  it('offers only reload after 3 failed retries', () => {
    setup();
    retry();
    retry();
    retry();
    expect(screen.queryByRole('button', { name: '再試行' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'リセット' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'ダッシュボードへ' })).toBeNull();
    expect(screen.getByRole('button', { name: '再読み込み' })).toBeTruthy();
    expect(screen.getByText('再試行の上限に達しました。ページを再読み込みしてください。')).toBeTruthy();
    expect(renders).toBeGreaterThanOrEqual(4);
  });

  it('reset remounts the page so its state starts over', () => {
    setup(<Counter />);
    fireEvent.click(screen.getByRole('button', { name: 'count 0' }));
    fireEvent.click(screen.getByRole('button', { name: 'count 1' }));
    expect(screen.getByRole('heading', { name: 'エラーが発生しました' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'リセット' }));
    expect(screen.getByRole('button', { name: 'count 0' })).toBeTruthy();
  });
});
