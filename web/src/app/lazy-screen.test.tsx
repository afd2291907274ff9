import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen, loadOnce } from './lazy-screen';

const Hello = ({ name }: { name: string }) => <p>こんにちは、{name}さん</p>;
const inSuspense = (node: React.ReactNode) => <Suspense fallback={<p>読み込み中</p>}>{node}</Suspense>;

describe('loadOnce', () => {
  it('loads once for every call, and again after a failure', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: Hello });
    const once = loadOnce(load);
    await expect(once()).rejects.toThrow('offline');
    await Promise.all([once(), once()]);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('lazyScreen', () => {
  it('renders a screen whose code is already there in the first render, with no spinner', async () => {
    const load = loadOnce(() => Promise.resolve({ default: Hello }));
    await load();
    const Screen = lazyScreen(load);
    render(inSuspense(<Screen name="花子" />));
    // Synchronously: React.lazy would show 読み込み中 first and the screen only after its throttle.
    expect(screen.getByText('こんにちは、花子さん')).toBeTruthy();
    expect(screen.queryByText('読み込み中')).toBeNull();
  });

  it('suspends while the code loads, then shows the screen', async () => {
    let arrive: (module: { default: typeof Hello }) => void = () => undefined;
    const load = loadOnce(() => new Promise<{ default: typeof Hello }>((resolve) => (arrive = resolve)));
    const Screen = lazyScreen(load);
    render(inSuspense(<Screen name="一郎" />));
    expect(screen.getByText('読み込み中')).toBeTruthy();
    await act(() => {
      arrive({ default: Hello });
      return Promise.resolve();
    });
    expect(await screen.findByText('こんにちは、一郎さん')).toBeTruthy();
  });
});
