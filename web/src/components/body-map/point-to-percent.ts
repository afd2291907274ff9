import { VIEWBOX_HEIGHT, VIEWBOX_WIDTH, roundPercent } from '@clinic/sync-protocol/body';

type Rect = { left: number; top: number; width: number; height: number };

/**
 * A pointer position on the page as a figure position in percent, one decimal, as markers are
 * stored; null off the drawing. `rect` is the SVG's bounding box. The figure is drawn centred and
 * whole inside it (the SVG default, xMidYMid meet), so a box that is not exactly 1:2 still maps right.
 */
export function pointToPercent(clientX: number, clientY: number, rect: Rect): { x: number; y: number } | null {
  const scale = Math.min(rect.width / VIEWBOX_WIDTH, rect.height / VIEWBOX_HEIGHT);
  if (!(scale > 0)) return null;
  const drawnLeft = rect.left + (rect.width - VIEWBOX_WIDTH * scale) / 2;
  const drawnTop = rect.top + (rect.height - VIEWBOX_HEIGHT * scale) / 2;
  const x = roundPercent(((clientX - drawnLeft) / (VIEWBOX_WIDTH * scale)) * 100);
  const y = roundPercent(((clientY - drawnTop) / (VIEWBOX_HEIGHT * scale)) * 100);
  return x < 0 || x > 100 || y < 0 || y > 100 ? null : { x, y };
}
