import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchIdle } from './idle-timer';

const MINUTE = 60_000;

describe('the idle timer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires once after the minutes without input', () => {
    const onIdle = vi.fn();
    const stop = watchIdle({ ms: 5 * MINUTE, onIdle });
    vi.advanceTimersByTime(5 * MINUTE - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(60 * MINUTE);
    expect(onIdle).toHaveBeenCalledOnce();
    stop();
  });

  it('starts again at each touch or key', () => {
    const onIdle = vi.fn();
    const stop = watchIdle({ ms: 5 * MINUTE, onIdle });
    vi.advanceTimersByTime(4 * MINUTE);
    window.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(4 * MINUTE);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    vi.advanceTimersByTime(4 * MINUTE);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MINUTE);
    expect(onIdle).toHaveBeenCalledOnce();
    stop();
  });

  it('does nothing once stopped', () => {
    const onIdle = vi.fn();
    watchIdle({ ms: MINUTE, onIdle })();
    vi.advanceTimersByTime(10 * MINUTE);
    expect(onIdle).not.toHaveBeenCalled();
  });
});

describe('the idle timer started late', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts from the last input before it began', () => {
    const onIdle = vi.fn();
    const since = Date.now();
    vi.advanceTimersByTime(4 * MINUTE);
    const stop = watchIdle({ ms: 5 * MINUTE, onIdle, since });
    vi.advanceTimersByTime(MINUTE);
    expect(onIdle).toHaveBeenCalledOnce();
    stop();
  });
});
