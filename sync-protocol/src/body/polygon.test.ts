import { describe, expect, it } from 'vitest';
import type { Point } from './frame';
import { distanceToBoundary, interiorPoint, pointInPolygon, signedArea } from './polygon';

// Two triangles sharing the slanted edge (0,0)-(3,7), listed in opposite directions.
const LEFT: Point[] = [
  [0, 0],
  [3, 7],
  [-4, 5],
];
const RIGHT: Point[] = [
  [3, 7],
  [0, 0],
  [6, 1],
];

describe('pointInPolygon', () => {
  it('tells inside from outside', () => {
    const square: Point[] = [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
    ];
    expect(pointInPolygon(square, [5, 5])).toBe(true);
    expect(pointInPolygon(square, [15, 5])).toBe(false);
    expect(pointInPolygon(square, [5, -0.1])).toBe(false);
  });

  it('puts a point on an edge two regions share in exactly one of them, whichever way each runs', () => {
    for (let i = 1; i < 70; i++) {
      const point: Point = [(3 * i) / 70, (7 * i) / 70];
      const count = [LEFT, RIGHT].filter((polygon) => pointInPolygon(polygon, point)).length;
      expect(count, point.join(',')).toBe(1);
    }
  });
});

describe('interiorPoint', () => {
  it('finds a point inside a U shape, whose centroid falls in the gap', () => {
    const u: Point[] = [
      [0, 0],
      [3, 0],
      [3, 8],
      [7, 8],
      [7, 0],
      [10, 0],
      [10, 10],
      [0, 10],
    ];
    const point = interiorPoint(u);
    expect(pointInPolygon(u, point)).toBe(true);
    expect(pointInPolygon(u, [5, 5])).toBe(false);
    expect(distanceToBoundary(u, point)).toBeGreaterThan(0.9);
  });

  it('finds the middle of a square', () => {
    const [x, y] = interiorPoint([
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
    ]);
    expect(x).toBeCloseTo(5, 0);
    expect(y).toBeCloseTo(5, 0);
  });
});

describe('signedArea', () => {
  it('is the area, its sign the winding', () => {
    expect(
      Math.abs(
        signedArea([
          [0, 0],
          [4, 0],
          [4, 3],
        ]),
      ),
    ).toBe(6);
    expect(
      signedArea([
        [0, 0],
        [4, 0],
        [4, 3],
      ]),
    ).toBe(
      -signedArea([
        [4, 3],
        [4, 0],
        [0, 0],
      ]),
    );
  });
});
