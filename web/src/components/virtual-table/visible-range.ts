/** Which rows a fixed-row-height list must render: those in view plus `overscan` on each side. */
export type RowRange = { start: number; end: number };

export function visibleRange(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  count: number,
  overscan: number,
): RowRange {
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const inView = Math.ceil(viewportHeight / rowHeight) + 1;
  return { start: Math.max(0, first - overscan), end: Math.min(count, first + inView + overscan) };
}

/** The scrollTop that brings row `index` fully into view with the least movement (none if it already is). */
export function scrollTopToReveal(index: number, scrollTop: number, viewportHeight: number, rowHeight: number): number {
  const top = index * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + viewportHeight) return top + rowHeight - viewportHeight;
  return scrollTop;
}
