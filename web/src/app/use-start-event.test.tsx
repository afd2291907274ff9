import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useStartEvent } from './use-start-event';

const { recordAppStart } = vi.hoisted(() => ({ recordAppStart: vi.fn() }));
vi.mock('../telemetry/start-event', () => ({ recordAppStart }));

function Probe() {
  useStartEvent();
  return null;
}

describe('useStartEvent', () => {
  afterEach(() => vi.useRealTimers());

  it('records the start-up event 500 ms after the app renders, once, however often the app mounts', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    const first = render(
      <StrictMode>
        <Probe />
      </StrictMode>,
    );
    const renderedAt = Date.now();
    await vi.advanceTimersByTimeAsync(499);
    expect(recordAppStart).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    vi.useRealTimers();
    await vi.waitFor(() => expect(recordAppStart).toHaveBeenCalledTimes(1));
    expect(recordAppStart).toHaveBeenCalledWith(renderedAt);
    first.unmount();
    render(<Probe />); // another person's app after the lock: the same start
    await new Promise((r) => setTimeout(r, 600));
    expect(recordAppStart).toHaveBeenCalledTimes(1);
  });
});
