import { vi } from 'vitest';

/**
 * Lays out every ScrollTable `width` px wide, as a screen would: happy-dom lays nothing out, so a
 * ResizeObserver that reports this width for the table's frame (and nothing for other elements)
 * stands in. Undo with vi.unstubAllGlobals().
 */
export function stubTableWidth(width: number): void {
  class FixedWidthObserver {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(target: Element) {
      if (!target.classList.contains('scroll-table-frame')) return;
      const entry = { target, contentRect: { width } } as unknown as ResizeObserverEntry;
      this.callback([entry], this);
    }
    unobserve() {}
    disconnect() {}
  }
  vi.stubGlobal('ResizeObserver', FixedWidthObserver);
}
