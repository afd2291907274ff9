/** SVG path text from points (viewBox units, a tenth of a unit precise). */
import { mirror, type Point } from './frame';
import { flattenRun, roundTenth } from './curve';

const number = (value: number) => String(roundTenth(value));
const pair = ([x, y]: Point) => `${number(x)} ${number(y)}`;

export function polylinePath(points: readonly Point[], closed = false): string {
  const [first, ...rest] = points;
  if (!first) return '';
  return `M${pair(first)}${rest.map((p) => `L${pair(p)}`).join('')}${closed ? 'Z' : ''}`;
}

/** A smooth open line through the points, its ends square. */
export function smoothPath(points: readonly Point[]): string {
  const ends = new Set([0, points.length - 1]);
  return polylinePath(flattenRun(points, ends, 0, points.length - 1).points);
}

/** A smooth closed loop through the points. */
export function smoothLoopPath(points: readonly Point[]): string {
  return polylinePath(flattenRun([...points], new Set(), 0, points.length).points.slice(0, -1), true);
}

export function ellipsePath([cx, cy]: Point, rx: number, ry: number): string {
  const [left, right] = [number(cx - rx), number(cx + rx)];
  const radii = `${number(rx)} ${number(ry)}`;
  return `M${left} ${number(cy)}A${radii} 0 1 0 ${right} ${number(cy)}A${radii} 0 1 0 ${left} ${number(cy)}Z`;
}

/** A line drawn on the viewer's left, and its mirror image: both sides of the body alike. */
export function bothSides(points: readonly Point[], draw: (points: readonly Point[]) => string): string[] {
  return [draw(points), draw(points.map(mirror))];
}
