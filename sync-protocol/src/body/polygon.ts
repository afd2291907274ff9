/** Plane geometry the regions need: point in polygon, and a point well inside a polygon. */
import type { Point } from './frame';

/**
 * Where the polygon's edges cross the horizontal line at height y. Each edge is evaluated from its
 * lower end whichever way the polygon runs along it, so two regions sharing an edge compute the very
 * same crossing: a point on a shared edge falls in exactly one of them, and the regions tile the
 * outline with no gap or double count.
 */
export function crossingsAt(polygon: readonly Point[], y: number): number[] {
  const crossings: number[] = [];
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const p = polygon[i]!;
    const q = polygon[j]!;
    if (p[1] > y === q[1] > y) continue;
    const [lo, hi] = p[1] < q[1] ? [p, q] : [q, p];
    crossings.push(lo[0] + ((y - lo[1]) * (hi[0] - lo[0])) / (hi[1] - lo[1]));
  }
  return crossings;
}

/** Even-odd rule on one line: x is inside when an odd number of the line's crossings lie right of it. */
export function insideOnLine(crossings: readonly number[], x: number): boolean {
  let inside = false;
  for (const crossX of crossings) if (x < crossX) inside = !inside;
  return inside;
}

/** Even-odd ray test along the point's own line. */
export function pointInPolygon(polygon: readonly Point[], [x, y]: Point): boolean {
  return insideOnLine(crossingsAt(polygon, y), x);
}

/** Signed area (shoelace); its sign tells the winding, its size how much body a region holds. */
export function signedArea(polygon: readonly Point[]): number {
  let sum = 0;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    sum += (polygon[j]![0] - polygon[i]![0]) * (polygon[j]![1] + polygon[i]![1]);
  }
  return sum / 2;
}

function distanceToSegment([x, y]: Point, [ax, ay]: Point, [bx, by]: Point): number {
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / lengthSquared));
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
}

export function distanceToBoundary(polygon: readonly Point[], point: Point): number {
  let best = Infinity;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    best = Math.min(best, distanceToSegment(point, polygon[j]!, polygon[i]!));
  }
  return best;
}

/**
 * The inside point farthest from the edges (a pole of inaccessibility), found by a grid search then
 * refined around the best cell. A centroid can fall outside a bent region such as the hand; this
 * cannot, and it is where a label or a test tap sits most clearly in the region.
 */
export function interiorPoint(polygon: readonly Point[]): Point {
  const xs = polygon.map((p) => p[0]);
  const ys = polygon.map((p) => p[1]);
  let [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  let best: Point = polygon[0]!;
  let bestDistance = -1;
  for (let round = 0; round < 4; round++) {
    const steps = 24;
    const stepX = (maxX - minX) / steps;
    const stepY = (maxY - minY) / steps;
    for (let i = 0; i <= steps; i++) {
      for (let j = 0; j <= steps; j++) {
        const point: Point = [minX + i * stepX, minY + j * stepY];
        if (!pointInPolygon(polygon, point)) continue;
        const distance = distanceToBoundary(polygon, point);
        if (distance > bestDistance) [best, bestDistance] = [point, distance];
      }
    }
    [minX, maxX, minY, maxY] = [best[0] - 2 * stepX, best[0] + 2 * stepX, best[1] - 2 * stepY, best[1] + 2 * stepY];
  }
  return best;
}
