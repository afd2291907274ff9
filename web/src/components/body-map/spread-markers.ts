import { VIEWBOX_HEIGHT, VIEWBOX_WIDTH, toViewBox, type Point } from '@clinic/sync-protocol/body';

type Positioned = { id: string; x: number; y: number };

/** Where a marker is drawn (`at`) and the place it marks (`anchor`), both in viewBox units. */
export type Placed<T extends Positioned> = { marker: T; at: Point; anchor: Point; offset: boolean };

const distance = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);
const clamp = (value: number, low: number, high: number) =>
  low > high ? (low + high) / 2 : Math.min(high, Math.max(low, value));

/**
 * A cluster's markers on a ring round its centre, spaced `minDistance` apart, in the order they lie
 * round it (so each stays on its own side). The ring is moved in whole, never squeezed, when it
 * would leave the figure's box (less `margin`).
 */
function placeCluster(anchors: readonly Point[], minDistance: number, margin: number): Point[] {
  const n = anchors.length;
  const centre: Point = [anchors.reduce((s, p) => s + p[0], 0) / n, anchors.reduce((s, p) => s + p[1], 0) / n];
  const radius = n === 1 ? 0 : minDistance / (2 * Math.sin(Math.PI / n));
  const cx = clamp(centre[0], radius + margin, VIEWBOX_WIDTH - radius - margin);
  const cy = clamp(centre[1], radius + margin, VIEWBOX_HEIGHT - radius - margin);
  if (n === 1) return [[cx, cy]];
  const angles = anchors.map((p) => Math.atan2(p[1] - centre[1], p[0] - centre[0]));
  const together = anchors.every((p) => distance(p, centre) < 1e-6);
  // Stable: markers on one spot keep their given order, starting at the top.
  const order = anchors.map((_, i) => i).sort((a, b) => (together ? a - b : angles[a]! - angles[b]! || a - b));
  const start = together ? -Math.PI / 2 : angles[order[0]!]!;
  const placed = new Array<Point>(n);
  order.forEach((index, k) => {
    const angle = start + (2 * Math.PI * k) / n;
    placed[index] = [cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)];
  });
  return placed;
}

/**
 * Display positions for markers (percent, as stored) so that no two are drawn closer than
 * `minDistance` (viewBox units) and none hides another. Markers closer than that form a cluster laid
 * out round its centre; a cluster that then crowds another joins it, until none crowd. A lone marker
 * stays on its point unless it sits within `margin` of the box's edge. Stored positions never change.
 */
export function spreadMarkers<T extends Positioned>(
  markers: readonly T[],
  minDistance: number,
  margin = 0,
): Placed<T>[] {
  const anchors = markers.map((m) => toViewBox([m.x, m.y]));
  const group = anchors.map((_, i) => i);
  const root = (i: number): number => (group[i] === i ? i : (group[i] = root(group[i]!)));
  const join = (a: number, b: number) => {
    const [ra, rb] = [root(a), root(b)];
    if (ra === rb) return false;
    group[Math.max(ra, rb)] = Math.min(ra, rb);
    return true;
  };
  for (let i = 0; i < anchors.length; i++) {
    for (let j = i + 1; j < anchors.length; j++) if (distance(anchors[i]!, anchors[j]!) < minDistance) join(i, j);
  }
  let at: Point[] = [];
  // Each pass either settles or joins two clusters, so it ends within n passes.
  for (let pass = 0; pass <= anchors.length; pass++) {
    const clusters = new Map<number, number[]>();
    anchors.forEach((_, i) => clusters.set(root(i), [...(clusters.get(root(i)) ?? []), i]));
    at = new Array<Point>(anchors.length);
    for (const members of clusters.values()) {
      const placed = placeCluster(
        members.map((i) => anchors[i]!),
        minDistance,
        margin,
      );
      members.forEach((i, k) => (at[i] = placed[k]!));
    }
    let joined = false;
    for (let i = 0; i < at.length; i++) {
      for (let j = i + 1; j < at.length; j++) {
        if (root(i) !== root(j) && distance(at[i]!, at[j]!) < minDistance - 1e-6) joined = join(i, j) || joined;
      }
    }
    if (!joined) break;
  }
  return markers.map((marker, i) => ({
    marker,
    at: at[i]!,
    anchor: anchors[i]!,
    offset: distance(at[i]!, anchors[i]!) > 1e-6,
  }));
}
