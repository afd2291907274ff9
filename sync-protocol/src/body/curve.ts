/** Smooth outlines from a few knots: a centripetal Catmull-Rom curve, flattened to short straight steps. */
import type { Point } from './frame';

/** Flattened points are rounded to a tenth of a viewBox unit, the precision of the drawn paths. */
export const roundTenth = (value: number): number => Math.round(value * 10) / 10;
const roundPoint = ([x, y]: Point): Point => [roundTenth(x), roundTenth(y)];

/** Roughly how long one straight step of the flattened curve is, in viewBox units. */
const STEP = 2.5;

const lerp = (a: Point, b: Point, ta: number, tb: number, t: number): Point => {
  if (tb === ta) return a;
  const u = (t - ta) / (tb - ta);
  return [a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u];
};

/** The curve between p1 and p2; centripetal so it neither overshoots nor loops where knots crowd. */
function segment(p0: Point, p1: Point, p2: Point, p3: Point, steps: number): Point[] {
  const knot = (t: number, a: Point, b: Point) => t + Math.max(Math.sqrt(Math.hypot(b[0] - a[0], b[1] - a[1])), 1e-6);
  const t0 = 0;
  const t1 = knot(t0, p0, p1);
  const t2 = knot(t1, p1, p2);
  const t3 = knot(t2, p2, p3);
  const points: Point[] = [];
  for (let i = 1; i < steps; i++) {
    const t = t1 + ((t2 - t1) * i) / steps;
    const a1 = lerp(p0, p1, t0, t1, t);
    const a2 = lerp(p1, p2, t1, t2, t);
    const a3 = lerp(p2, p3, t2, t3, t);
    const b1 = lerp(a1, a2, t0, t2, t);
    const b2 = lerp(a2, a3, t1, t3, t);
    points.push(lerp(b1, b2, t1, t2, t));
  }
  return points;
}

const reflect = (corner: Point, other: Point): Point => [2 * corner[0] - other[0], 2 * corner[1] - other[1]];

/**
 * Flattens the open run knots[first..last] of a closed loop of knots: the neighbours beyond its ends
 * come from the loop, so the run joins its mirror image smoothly. A corner knot (the armpit, the
 * crotch) gets a sharp turn. Every knot is kept as a point of the result, so regions can be cut
 * exactly at a knot.
 */
export function flattenRun(
  loop: readonly Point[],
  corners: ReadonlySet<number>,
  first: number,
  last: number,
): {
  points: Point[];
  knotIndex: number[];
} {
  const at = (i: number) => loop[(i + loop.length) % loop.length]!;
  const points: Point[] = [roundPoint(at(first))];
  const knotIndex: number[] = [0];
  for (let i = first; i < last; i++) {
    const p1 = at(i);
    const p2 = at(i + 1);
    const p0 = corners.has(i) ? reflect(p1, p2) : at(i - 1);
    const p3 = corners.has(i + 1) ? reflect(p2, p1) : at(i + 2);
    const steps = Math.max(1, Math.ceil(Math.hypot(p2[0] - p1[0], p2[1] - p1[1]) / STEP));
    points.push(...segment(p0, p1, p2, p3, steps).map(roundPoint));
    knotIndex.push(points.length);
    points.push(roundPoint(p2));
  }
  return { points, knotIndex };
}
