/**
 * The one coordinate frame of the four body figures. Figures are drawn in a 200 × 400 viewBox (the
 * body is about twice as tall as it is wide with arms slightly out); markers and regions are kept in
 * percent of that box, 0-100 on each axis, so x% = X / 2 and y% = Y / 4. The front and back figures
 * stand in the same place at the same size, so a percent position means the same body place on each.
 *
 * Front view: the patient faces the viewer, so the patient's right is on the viewer's left (x < 50).
 * Back view: the viewer looks at the patient's back, so the patient's right is on the viewer's right.
 */
import type { BodyView } from '../entities/pain-marker';

export type { BodyView };
export type FigureStyle = 'interview' | 'chart';
/** A point: in viewBox units where the figures are drawn, in percent where markers and regions are. */
export type Point = readonly [x: number, y: number];
export type BodySide = '患者の右' | '患者の左' | '中央';

export const VIEWBOX_WIDTH = 200;
export const VIEWBOX_HEIGHT = 400;
export const VIEWBOX = `0 0 ${VIEWBOX_WIDTH} ${VIEWBOX_HEIGHT}`;
/** The body's midline, in viewBox units. */
export const MIDLINE_X = VIEWBOX_WIDTH / 2;

/** The same place on the other side of the body (viewBox units). */
export function mirror([x, y]: Point): Point {
  return [2 * MIDLINE_X - x, y];
}

/** Six decimals, which drops the float noise of the division (14.499999999999998 → 14.5). */
const clean = (value: number) => Math.round(value * 1e6) / 1e6;

export function toPercent([x, y]: Point): Point {
  return [clean((x / VIEWBOX_WIDTH) * 100), clean((y / VIEWBOX_HEIGHT) * 100)];
}

export function toViewBox([x, y]: Point): Point {
  return [(x / 100) * VIEWBOX_WIDTH, (y / 100) * VIEWBOX_HEIGHT];
}

/** A marker's stored position: percent with one decimal (spec 3). */
export function roundPercent(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Which of the patient's sides a point (percent) is on, as the viewer sees the figure. */
export function patientSideAt(view: BodyView, x: number): BodySide {
  if (x === 50) return '中央';
  const viewersLeft = x < 50;
  switch (view) {
    case 'front':
      return viewersLeft ? '患者の右' : '患者の左';
    case 'back':
      return viewersLeft ? '患者の左' : '患者の右';
  }
}

/** The spec's `body_part` label, kept for the API beside the region: 前面 (42.5%, 18.0%). */
export function bodyPartLabel(view: BodyView, x: number, y: number): string {
  return `${view === 'front' ? '前面' : '背面'} (${x.toFixed(1)}%, ${y.toFixed(1)}%)`;
}
