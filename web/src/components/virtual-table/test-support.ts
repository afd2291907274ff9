import { vi } from 'vitest';

/**
 * Lays out every VirtualTable `width` px wide, as a screen would: happy-dom lays nothing out, so a
 * ResizeObserver that reports this width for the list (and nothing for other elements) stands in.
 * Undo with vi.unstubAllGlobals().
 */
export function stubListWidth(width: number): void {
  class FixedWidthObserver {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(target: Element) {
      if (!target.classList.contains('vt-scroller')) return;
      const entry = { target, contentRect: { width } } as unknown as ResizeObserverEntry;
      this.callback([entry], this);
    }
    unobserve() {}
    disconnect() {}
  }
  vi.stubGlobal('ResizeObserver', FixedWidthObserver);
}
