import { VIEWBOX_WIDTH } from '@clinic/sync-protocol/body';

/** The smallest target a finger hits reliably (the app's controls are 44 px too). */
export const HIT_TARGET_PX = 44;
/** The drawn circle: a two-digit number at 14 px reads inside it. */
export const MARKER_RADIUS_PX = 14;
export const MARKER_FONT_PX = 14;
/** Used until the figure has been laid out (and in unit tests): a figure in a phone's dialog. */
export const FALLBACK_WIDTH_PX = 240;

export type MarkerSize = { radius: number; hitRadius: number; font: number; minDistance: number; lineWidth: number };

/**
 * Marker sizes in viewBox units for a figure drawn `renderedWidth` CSS px wide, so a marker is the same
 * size on the screen however large the figure is drawn: 28 px across, with a 44 px target. Markers a
 * person taps are kept a whole target apart, so no target covers another; markers only shown need
 * only not touch.
 */
export function markerSize(renderedWidth: number, tappable: boolean): MarkerSize {
  const unitsPerPx = VIEWBOX_WIDTH / (renderedWidth > 0 ? renderedWidth : FALLBACK_WIDTH_PX);
  const radius = MARKER_RADIUS_PX * unitsPerPx;
  return {
    radius,
    hitRadius: (HIT_TARGET_PX / 2) * unitsPerPx,
    font: MARKER_FONT_PX * unitsPerPx,
    minDistance: tappable ? HIT_TARGET_PX * unitsPerPx : 2 * radius + 2 * unitsPerPx,
    lineWidth: unitsPerPx,
  };
}
