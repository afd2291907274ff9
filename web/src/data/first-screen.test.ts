import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
});

async function freshModule() {
  vi.resetModules();
  return import('./first-screen');
}

describe('afterFirstScreen', () => {
  it('holds work back until a screen has shown its data and that frame is painted', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame', 'requestIdleCallback'] });
    const { afterFirstScreen, noteScreenData } = await freshModule();
    const task = vi.fn();
    afterFirstScreen(task);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(task).not.toHaveBeenCalled();
    noteScreenData();
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(task).toHaveBeenCalledTimes(1);
    const later = vi.fn();
    afterFirstScreen(later);
    await vi.advanceTimersByTimeAsync(10);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('lets the work start 3 seconds after the page loaded when no screen reads the device', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame', 'requestIdleCallback'] });
    const { afterFirstScreen } = await freshModule();
    const task = vi.fn();
    afterFirstScreen(task);
    await vi.advanceTimersByTimeAsync(2_900);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_200);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
