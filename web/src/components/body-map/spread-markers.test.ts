import { describe, expect, it } from 'vitest';
import { spreadMarkers } from './spread-markers';

const at = (id: string, x: number, y: number) => ({ id, x, y });
const gap = (a: readonly [number, number], b: readonly [number, number]) => Math.hypot(a[0] - b[0], a[1] - b[1]);

function closestPair(placed: { at: readonly [number, number] }[]): number {
  let min = Infinity;
  placed.forEach((p, i) => placed.slice(i + 1).forEach((q) => (min = Math.min(min, gap(p.at, q.at)))));
  return min;
}

describe('spreadMarkers', () => {
  it('leaves markers far apart where they are', () => {
    const markers = [at('a', 30, 20), at('b', 70, 20), at('c', 50, 60)];
    const placed = spreadMarkers(markers, 30);
    expect(placed.map((p) => p.at)).toEqual([
      [60, 80],
      [140, 80],
      [100, 240],
    ]);
    expect(placed.map((p) => p.offset)).toEqual([false, false, false]);
    expect(placed.map((p) => p.marker)).toEqual(markers);
  });

  it('draws markers on one spot apart, round the spot, and keeps their true point', () => {
    const markers = [at('a', 50, 50), at('b', 50, 50), at('c', 50, 50)];
    const placed = spreadMarkers(markers, 30);
    expect(closestPair(placed)).toBeGreaterThanOrEqual(30 - 1e-9);
    for (const p of placed) {
      expect(p.anchor).toEqual([100, 200]);
      expect(p.offset).toBe(true);
      // On a ring round the spot: each the same distance from it.
      expect(gap(p.at, [100, 200])).toBeCloseTo(30 / (2 * Math.sin(Math.PI / 3)));
    }
    // The stored positions are not touched.
    expect(markers).toEqual([at('a', 50, 50), at('b', 50, 50), at('c', 50, 50)]);
  });

  it('keeps each of two close markers on its own side', () => {
    // 4 units apart across (2 %), both at one height.
    const [left, right] = spreadMarkers([at('l', 49, 50), at('r', 51, 50)], 30);
    expect(gap(left!.at, right!.at)).toBeCloseTo(30);
    expect(left!.at[0]).toBeLessThan(right!.at[0]);
    expect(left!.at[1]).toBeCloseTo(200);
  });

  it('measures in viewBox units: 10 % across is 20 units, 10 % down is 40', () => {
    expect(spreadMarkers([at('a', 40, 50), at('b', 50, 50)], 25).some((p) => p.offset)).toBe(true);
    expect(spreadMarkers([at('a', 50, 40), at('b', 50, 50)], 25).some((p) => p.offset)).toBe(false);
  });

  it('joins a cluster that, spread, crowds a marker beside it, until no two crowd', () => {
    // a and b, on one spot, are drawn 15 above and below it; c, 40 below, is then 25 from b.
    const markers = [at('a', 50, 50), at('b', 50, 50), at('c', 50, 60)];
    expect(gap([100, 200], [100, 240])).toBeGreaterThan(30);
    const placed = spreadMarkers(markers, 30);
    expect(closestPair(placed)).toBeGreaterThanOrEqual(30 - 1e-6);
    expect(placed[2]!.offset).toBe(true);
  });

  it('stays inside the figure, less the margin, moving a cluster at the edge in whole', () => {
    const placed = spreadMarkers([at('a', 10, 99), at('b', 10, 99)], 30, 10);
    for (const p of placed) {
      expect(p.at[1]).toBeLessThanOrEqual(390 + 1e-9);
      expect(p.anchor).toEqual([20, 396]);
    }
    expect(gap(placed[0]!.at, placed[1]!.at)).toBeCloseTo(30);
    const [alone] = spreadMarkers([at('a', 50, 99.5)], 30, 10);
    expect(alone!.at).toEqual([100, 390]);
    expect(alone!.offset).toBe(true);
  });
});
